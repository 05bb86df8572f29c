import { DownloadOutlined, PrinterOutlined } from "@ant-design/icons";
import { ROLE_STUDENT, type DecisionStatus, type LatestDecision } from "@admissions/shared";
import { Alert, Button, Descriptions, Space, Typography, type AlertProps } from "antd";
import { useTranslation } from "react-i18next";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { CourseAndDegree } from "../../../components/CourseAndDegree";
import { FullPageLoader } from "../../../components/FullPageLoader";
import { useFactsLayout } from "../../../lib/descriptions-layout";
import { useDocumentUrl } from "../../../lib/documents";
import { apiPaths, routes } from "../../../lib/paths";
import { useSession } from "../../auth/api/session";
import { useAdmission } from "../api/admission";
import { displayRef, needsPayment, useApplicationStatus, useLatestDecision, usePaymentRefunds, useVerifyPayment } from "../api/application-status";
import { ApplicationSummary } from "../components/ApplicationSummary";
import { applicationStatusLabel, paymentStatusLabel } from "../../../lib/status-labels";
import { Panel } from "../../../components/Panel";
import { isolated } from "../../../lib/bidi";
import { PaymentRefunds } from "../../fees/components/PaymentRefunds";

/** The payment statuses of an attempt that took nothing: the gateway refused it, or the payer left it. */
const unpaidAttempts = ["Failure", "Aborted"];

const decisionAlertTypes: Record<DecisionStatus, AlertProps["type"]> = {
  Approved: "success",
  Transferred: "info",
  Cancelled: "warning",
  Rejected: "error",
};

/** What the office decided, with its remarks, as the decision's e-mail told the applicant. */
function DecisionNotice({ decision }: { decision: NonNullable<LatestDecision> }) {
  const { t, i18n } = useTranslation();
  const day = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: "long" });
  return (
    <Alert
      type={decisionAlertTypes[decision.status as DecisionStatus] ?? "info"}
      showIcon
      // Shown as the page opens, not news breaking in on the reader.
      role="status"
      className="notice-alert"
      title={t("payment.decision", { date: day.format(new Date(decision.at)), status: applicationStatusLabel(t, decision.status) })}
      description={
        <>
          {decision.status === "Transferred" && decision.degree && <div>{t("payment.transferredTo", { degree: isolated(decision.degree) })}</div>}
          <div>{t("payment.decisionRemarks", { remarks: isolated(decision.remarks) })}</div>
        </>
      }
    />
  );
}

/** SPEC.md, Transaction Status (Payment Details): the four facts, Verify and Pay, and PRINT. */
export function TransactionStatusPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { data: user } = useSession();
  // A student's fees have a screen of their own; this one is the applicant's.
  const applicantName = user?.roleName === ROLE_STUDENT ? undefined : user?.userName;
  const status = useApplicationStatus(applicantName);
  const application = useAdmission(user?.userName);
  const photoUrl = useDocumentUrl(user?.userName, application.data?.photoUrl ?? undefined);
  const verify = useVerifyPayment(user?.userName);
  const decision = useLatestDecision(applicantName);
  const refunds = usePaymentRefunds(applicantName);
  const factsLayout = useFactsLayout();

  // With the gateway's outcome, if it came with one: an answer the server could not match to an order
  // lands here whoever paid, and a student is told of it on their own screen.
  if (user?.roleName === ROLE_STUDENT) return <Navigate to={{ pathname: routes.feesHistory, search: search.size > 0 ? `?${search}` : "" }} replace />;
  if (status.isPending) return <FullPageLoader />;
  if (!status.data) return <Navigate to={routes.admission} replace />;

  /** Asks the gateway first: a payment that went through but never came back needs no second attempt. */
  const verifyAndPay = () =>
    verify.mutate(undefined, {
      onSuccess: (fresh) => {
        if (needsPayment(fresh)) void navigate(routes.admission);
      },
      onError: () => void navigate(routes.admission),
    });

  const current = status.data;
  return (
    <Space orientation="vertical" size="large" className="full-width">
      <Panel className="screen-only">
        <Typography.Title level={1} className="page-title">
          {t("payment.title")}
        </Typography.Title>
        {search.get("payment") === "rejected" && <Alert type="error" showIcon title={t("payment.rejected")} className="notice-alert" />}
        {search.get("payment") === "refund" && <Alert type="warning" showIcon title={t("payment.refund")} className="notice-alert" />}
        {/* What went wrong and what to do next, where the four facts alone say only "Failure". */}
        {unpaidAttempts.includes(current.paymentStatus) && (
          <Alert type="warning" showIcon title={t("payment.notPaid", { action: t("payment.verifyAndPay") })} className="notice-alert" />
        )}
        {decision.data && <DecisionNotice decision={decision.data} />}
        <Descriptions column={1} bordered size="middle" layout={factsLayout}>
          <Descriptions.Item label={t("payment.applicationNo")}>
            <span className="unbroken">{current.applicationNo}</span>
          </Descriptions.Item>
          {application.data?.courseSubject && (
            <Descriptions.Item label={t("payment.degree")}>
              <CourseAndDegree course={String(application.data.course)} degree={application.data.courseSubject} />
            </Descriptions.Item>
          )}
          <Descriptions.Item label={t("payment.applicationStatus")}>{applicationStatusLabel(t, current.applicationStatus)}</Descriptions.Item>
          <Descriptions.Item label={t("payment.paymentStatus")}>{paymentStatusLabel(t, current.paymentStatus)}</Descriptions.Item>
          <Descriptions.Item label={t("payment.paymentRefNo")}>{displayRef(current.paymentRefNo)}</Descriptions.Item>
        </Descriptions>
        <Space wrap className="payment-actions">
          {needsPayment(current) && (
            <a
              href={routes.admission}
              onClick={(event) => {
                event.preventDefault();
                verifyAndPay();
              }}
              aria-busy={verify.isPending}
            >
              {t("payment.verifyAndPay")}
            </a>
          )}
          {current.receiptOrderId && (
            <Button icon={<DownloadOutlined />} href={apiPaths.receipt(current.receiptOrderId)} download>
              {t("payment.receipt")}
            </Button>
          )}
          <Button icon={<PrinterOutlined />} onClick={() => window.print()} disabled={!application.data}>
            {t("payment.print")}
          </Button>
        </Space>
        {refunds.data && <PaymentRefunds refunds={refunds.data} />}
      </Panel>
      {application.data && (
        <div className="print-only">
          <ApplicationSummary application={application.data} photoUrl={photoUrl} />
        </div>
      )}
    </Space>
  );
}
