import {
  FEE_REFERENCE_MAX_LENGTH,
  FEE_REMARKS_MAX_LENGTH,
  feeModesWithReference,
  offlineFeeModes,
  type FeePaymentAnswer,
  type FeeStatusTerm,
  type OfflineFeeMode,
} from "@admissions/shared";
import { Alert, Button, Form, Input, Select, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useParams } from "react-router";
import { FullPageLoader } from "../../../components/FullPageLoader";
import { useCurrentUser } from "../../../lib/current-user";
import { errorText } from "../../../lib/error-text";
import { postToGateway, useLeavingForGateway } from "../../../lib/gateway";
import { inLanguage } from "../../../lib/in-language";
import { useMessage, useNotification } from "../../../lib/message";
import { useOneAtATime } from "../../../lib/one-at-a-time";
import { apiPaths, routes } from "../../../lib/paths";
import { useFeeStatus, usePayFee } from "../api/fees";
import { ReceiptNumbered } from "../components/ReceiptNumbered";
import { StudentFeeSummary } from "../components/StudentFeeSummary";
import { feeTermNumbers, feeYears, findFeeTerm, formatRupees } from "../lib/fee-terms";
import { Panel } from "../../../components/Panel";

interface PayFeesValues {
  year?: number;
  termNo?: number;
  remarks?: string;
  mode?: OfflineFeeMode;
  reference?: string;
}

/**
 * SPEC.md, Fees Pay. /feesDetail: the student pays a term online through the card gateway.
 * /feesDetail/{user} and /students/feesStatus/{user}: staff record a payment taken at the office
 * (offline), with its mode and reference.
 */
export function PayFeesPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const notification = useNotification();
  const navigate = useNavigate();
  const location = useLocation();
  const { user: requestedUser } = useParams();
  const currentUser = useCurrentUser();
  // The routes with a user are staff's (the router sends anyone else away, and the server refuses them).
  const offline = requestedUser !== undefined;
  const userName = requestedUser ?? currentUser?.userName;
  const feeStatus = useFeeStatus(userName);
  const pay = usePayFee();
  const [form] = Form.useForm<PayFeesValues>();
  const year = Form.useWatch("year", form);
  const termNo = Form.useWatch("termNo", form);
  const mode = Form.useWatch("mode", form);
  // Asked for until a mode without one (cash) is chosen.
  const asksReference = mode === undefined || feeModesWithReference.includes(mode);
  const [leavingForGateway, setLeavingForGateway] = useLeavingForGateway();
  const sending = useOneAtATime();

  if (feeStatus.isPending) return <FullPageLoader />;

  const title = offline ? t("fees.feeEntry") : t("nav.payFees");
  if (feeStatus.isError) {
    return (
      <Panel>
        <Typography.Title level={1} className="page-title">
          {title}
        </Typography.Title>
        <Alert type="error" showIcon title={errorText(feeStatus.error, t)} />
      </Panel>
    );
  }

  const terms = feeStatus.data.terms;
  const chosen = findFeeTerm(terms, year, termNo);
  const noMatch = year !== undefined && termNo !== undefined && !chosen;
  const alreadyPaid = chosen?.status === "Paid";
  // A withdrawn admission owes nothing more; the server refuses its payments too.
  const admissionCancelled = feeStatus.data.student.status === "Cancelled";

  /** SPEC.md: offline, 'Saved' and back to the previous screen; the receipt can be printed from the notice at once. */
  const recorded = (receiptNo: string) => {
    notification.success({
      title: t("notices.saved"),
      description: (
        <>
          {t("fees.receiptRecorded", { receiptNo })}{" "}
          <a href={apiPaths.feeReceiptToPrint(receiptNo)} target="_blank" rel="noopener">
            {t("fees.printReceipt")}
          </a>
        </>
      ),
      // Staff may finish with the previous screen before printing: the notice stays until closed.
      duration: 0,
    });
    // A screen opened directly (a bookmark, a new tab) has no previous one inside the app.
    void (location.key === "default" ? navigate(routes.feesHistoryOf(userName!)) : navigate(-1));
  };

  const answered = (answer: FeePaymentAnswer) => {
    if ("receiptNo" in answer) {
      recorded(answer.receiptNo);
    } else if (postToGateway(answer)) {
      setLeavingForGateway(true);
    } else {
      void message.error(t("fees.gatewayFailed"));
    }
  };

  const submit = async (values: PayFeesValues) => {
    const term = findFeeTerm(terms, values.year, values.termNo);
    if (!term) {
      void message.error(t("fees.noMatch", { year: values.year, term: values.termNo }));
      return;
    }
    if (term.status === "Paid") return;
    try {
      answered(
        await pay.mutateAsync({
          feeCode: term.feeCode,
          academicYear: term.academicYear,
          termNo: term.termNo,
          feeAmount: term.termAmount,
          userName,
          remarks: values.remarks?.trim() || undefined,
          isOffline: offline,
          // A reference typed before the mode became Cash is left out: cash has none.
          ...(offline && { mode: values.mode, reference: values.mode && feeModesWithReference.includes(values.mode) ? values.reference?.trim() : undefined }),
        }),
      );
    } catch (error) {
      void message.error(errorText(error, t));
    }
  };

  return (
    <Panel>
      <Typography.Title level={1} className="page-title">
        {title}
      </Typography.Title>
      <StudentFeeSummary student={feeStatus.data.student} />
      {admissionCancelled && <Alert type="warning" showIcon className="notice-alert" title={t("notices.feeAdmissionCancelled")} />}
      <Typography.Paragraph>{offline ? t("fees.offlineHint") : t("fees.onlineHint")}</Typography.Paragraph>
      <Form<PayFeesValues> form={form} layout="vertical" onFinish={(values) => void sending.run(() => submit(values))}>
        <Form.Item name="year" label={t("fees.selectYear")} rules={[{ required: true, message: inLanguage((t) => t("validation.feeYearRequired")) }]}>
          <Select options={feeYears.map((value) => ({ value, label: t("fees.yearN", { year: value }) }))} />
        </Form.Item>
        <Form.Item name="termNo" label={t("fees.selectTerm")} rules={[{ required: true, message: inLanguage((t) => t("validation.feeTermRequired")) }]}>
          <Select options={feeTermNumbers.map((value) => ({ value, label: t("fees.termN", { term: value }) }))} />
        </Form.Item>
        <Form.Item label={t("fees.amount")} htmlFor="fee-amount">
          <Input id="fee-amount" readOnly value={formatRupees(chosen?.termAmount ?? 0)} />
        </Form.Item>
        <TermNotice term={chosen} noMatch={noMatch} year={year} termNo={termNo} />
        {offline && (
          <>
            <Form.Item name="mode" label={t("fees.mode")} rules={[{ required: true, message: inLanguage((t) => t("validation.feeModeRequired")) }]}>
              <Select options={offlineFeeModes.map((value) => ({ value, label: t(`fees.modes.${value}`) }))} />
            </Form.Item>
            {asksReference && (
              <Form.Item
                name="reference"
                label={t("fees.reference")}
                rules={[{ required: true, whitespace: true, message: inLanguage((t) => t("validation.feeReferenceRequired")) }]}
              >
                <Input maxLength={FEE_REFERENCE_MAX_LENGTH} autoComplete="off" />
              </Form.Item>
            )}
          </>
        )}
        <Form.Item name="remarks" label={t("fees.remarks")}>
          <Input.TextArea maxLength={FEE_REMARKS_MAX_LENGTH} showCount rows={2} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={sending.busy || leavingForGateway} disabled={alreadyPaid || admissionCancelled}>
          {t("fees.pay")}
        </Button>
        {leavingForGateway && (
          <Typography.Paragraph role="status" className="payment-actions">
            {t("fees.toGateway")}
          </Typography.Paragraph>
        )}
      </Form>
    </Panel>
  );
}

/** Says why PAY will not go ahead: the term is paid, or the student has no such term. */
function TermNotice({ term, noMatch, year, termNo }: { term: FeeStatusTerm | undefined; noMatch: boolean; year?: number; termNo?: number }) {
  const { t } = useTranslation();
  if (noMatch) return <Alert type="warning" showIcon className="notice-alert" title={t("fees.noMatch", { year, term: termNo })} />;
  if (term?.status !== "Paid") return null;
  return (
    <Alert
      type="info"
      showIcon
      className="notice-alert"
      title={t("fees.alreadyPaid", { year, term: termNo })}
      description={
        term.receiptNo && (
          <a href={apiPaths.feeReceipt(term.receiptNo)} download>
            <ReceiptNumbered receiptNo={term.receiptNo} />
          </a>
        )
      }
    />
  );
}
