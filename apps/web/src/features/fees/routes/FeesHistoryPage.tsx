import { DownloadOutlined } from "@ant-design/icons";
import { isNotYetDue, isStaffRole, type FeeStatusTerm } from "@admissions/shared";
import { Alert, Button, Flex, Space, Table, Tag, Typography, type TableProps } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { FullPageLoader } from "../../../components/FullPageLoader";
import { useCurrentUser } from "../../../lib/current-user";
import { errorText } from "../../../lib/error-text";
import { apiPaths, routes } from "../../../lib/paths";
import { useFeeStatus } from "../api/fees";
import { PaymentReturnAlert } from "../components/PaymentReturnAlert";
import { CancelledReceipts } from "../components/CancelledReceipts";
import { PaymentRefunds } from "../components/PaymentRefunds";
import { ReceiptNumbered } from "../components/ReceiptNumbered";
import { StudentFeeSummary } from "../components/StudentFeeSummary";
import { feeModeName, feeStatusColour, formatRupees } from "../lib/fee-terms";
import { Panel } from "../../../components/Panel";
import { useScrollableTable } from "../../../lib/table-scroll";

/**
 * SPEC.md, Fees History (/feesHistory, and /feesHistory/{user} for staff): every fee term with its
 * amount and status, the receipt of each paid one, and for staff the way to enter a fee offline.
 */
export function FeesHistoryPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { user: requestedUser } = useParams();
  const [search] = useSearchParams();
  const currentUser = useCurrentUser();
  const userName = requestedUser ?? currentUser?.userName;
  const feeStatus = useFeeStatus(userName);
  const staff = isStaffRole(currentUser?.roleName);
  const day = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: "medium" });
  const termsTable = useScrollableTable(t("nav.feesHistory"));

  // Until the user is known and their terms have come, there is nothing true to show.
  if (feeStatus.isPending) return <FullPageLoader />;

  const currentYear = feeStatus.data?.student.currentYear ?? Number.POSITIVE_INFINITY;
  const columns: TableProps<FeeStatusTerm>["columns"] = [
    // One column for both, so the status keeps room on a phone in the languages with longer words.
    { title: t("students.yearAndTerm"), key: "term", render: (_value, term) => t("students.yearTermN", { year: term.academicYear, term: term.termNo }) },
    { title: t("fees.amount"), dataIndex: "termAmount", key: "amount", align: "end", render: formatRupees },
    {
      title: t("fees.status"),
      key: "status",
      render: (_value, term) => (
        <Space orientation="vertical" size={2}>
          {isNotYetDue(term, currentYear) ? (
            <Tag className="wrapping-tag">{t("fees.notYetDue")}</Tag>
          ) : (
            <Tag color={feeStatusColour(term.status)} className="wrapping-tag">
              {t(`fees.statuses.${term.status}`)}
            </Tag>
          )}
          {term.paidAt && (
            <Typography.Text>
              {t("fees.paidOn", { date: day.format(new Date(term.paidAt)) })}
              {term.mode && ` · ${feeModeName(t, term.mode)}`}
            </Typography.Text>
          )}
          {term.receiptNo && (
            <a href={apiPaths.feeReceipt(term.receiptNo)} download>
              <DownloadOutlined aria-hidden /> <ReceiptNumbered receiptNo={term.receiptNo} />
            </a>
          )}
        </Space>
      ),
    },
  ];

  const hasDue = feeStatus.data?.terms.some((term) => term.status === "Due") ?? false;
  return (
    <Panel>
      <Flex wrap justify="space-between" align="center" gap={12}>
        <Typography.Title level={1} className="page-title">
          {t("nav.feesHistory")}
        </Typography.Title>
        {staff && requestedUser && (
          <Button type="primary" onClick={() => void navigate(routes.feeEntry(requestedUser))}>
            {t("fees.feeEntry")}
          </Button>
        )}
        {!staff && hasDue && <Button onClick={() => void navigate(routes.feesDetail)}>{t("nav.payFees")}</Button>}
      </Flex>
      <PaymentReturnAlert outcome={search.get("payment")} />
      {feeStatus.isError ? (
        <Alert type="error" showIcon title={errorText(feeStatus.error, t)} />
      ) : (
        <>
          <StudentFeeSummary student={feeStatus.data.student} />
          <Table<FeeStatusTerm>
            rowKey="id"
            columns={columns}
            dataSource={feeStatus.data.terms}
            pagination={false}
            // Small cells let the three columns fit a 360 px phone, the status wrapping under its tag and
            // the tag's own words wrapping too (Tamil's "Due" is wider than the column).
            size="small"
            // Where a language's words are too long for the phone (Tamil's status, the receipt's number
            // kept whole), the table scrolls sideways in its card rather than being cut off at its edge.
            scroll={{ x: true }}
            ref={termsTable}
            locale={{ emptyText: t("fees.noTerms") }}
          />
          <PaymentRefunds refunds={feeStatus.data.refunds} />
          <CancelledReceipts receipts={feeStatus.data.cancelledReceipts} />
        </>
      )}
    </Panel>
  );
}
