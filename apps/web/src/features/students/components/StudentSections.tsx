import { DownloadOutlined } from "@ant-design/icons";
import { isNotYetDue, type FeeStatusTerm, type StudentPayment } from "@admissions/shared";
import { Button, Card, Descriptions, Table, Tag, Typography, type DescriptionsProps, type TableProps } from "antd";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { apiPaths } from "../../../lib/paths";
import { CancellationNote } from "../../fees/components/CancellationNote";
import { CancelReceiptDialog } from "../../fees/components/TransactionDialogs";
import { formatRupees, studentStatusColour } from "./student-display";

/** A card whose title is a real heading, so the page reads h1, then h2 per section. */
export function Section({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <Card
      title={
        <Typography.Title level={2} className="review-section-title">
          {title}
        </Typography.Title>
      }
      extra={extra}
    >
      {children}
    </Card>
  );
}

/**
 * Label and value pairs: one column on a phone, two on a tablet or laptop, three on a wide screen.
 * Labels are darkened from Ant Design's light grey, which fails WCAG AA contrast on white.
 */
export function Facts({ items }: { items: DescriptionsProps["items"] }) {
  return <Descriptions size="small" column={{ xs: 1, md: 2, xxl: 3 }} styles={{ label: { color: "#4b5563" } }} items={items} />;
}

/**
 * A table a phone scrolls sideways; the region takes focus so a keyboard can scroll it too. The empty
 * text is in the body colour: Ant Design's pale placeholder grey fails WCAG AA contrast.
 */
function ScrollingTable<T extends object>({ label, emptyText, ...table }: TableProps<T> & { label: string; emptyText: string }) {
  return (
    <div className="review-scroll" role="region" aria-label={label} tabIndex={0}>
      <Table<T>
        size="small"
        pagination={false}
        // Wider than a phone, so the region scrolls rather than the cells breaking word by word.
        style={{ minInlineSize: 640 }}
        locale={{ emptyText: <Typography.Text>{emptyText}</Typography.Text> }}
        {...table}
      />
    </div>
  );
}

function ReceiptLink({ receiptNo }: { receiptNo: string }) {
  const { t } = useTranslation();
  return (
    <a href={apiPaths.feeReceipt(receiptNo)} download aria-label={t("students.downloadReceipt", { receiptNo })}>
      <DownloadOutlined aria-hidden /> <bdi className="unbroken">{receiptNo}</bdi>
    </a>
  );
}

function useDateFormat() {
  const { i18n } = useTranslation();
  const day = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: "medium" });
  return (iso: string | null) => (iso ? day.format(new Date(iso)) : "-");
}

function useModeLabel() {
  const { t } = useTranslation();
  return (mode: string | null) => (mode ? t(`students.modes.${mode}`, { defaultValue: mode }) : "-");
}

/** SPEC.md's fee term (Year, Term, Amount, Status) with its code and what paid it. */
export function FeeTermsSection({ terms, currentYear }: { terms: FeeStatusTerm[]; currentYear: number }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  const modeLabel = useModeLabel();
  const title = t("students.feeTerms");
  const columns: TableProps<FeeStatusTerm>["columns"] = [
    { title: t("students.year"), dataIndex: "academicYear", key: "year", render: (year: number) => t("students.yearN", { year }) },
    { title: t("students.term"), dataIndex: "termNo", key: "term", render: (term: number) => t("students.termN", { term }) },
    { title: t("students.feeCode"), dataIndex: "feeCode", key: "feeCode" },
    { title: t("students.amount"), dataIndex: "termAmount", key: "amount", align: "end", render: formatRupees },
    {
      title: t("students.status"),
      dataIndex: "status",
      key: "status",
      render: (status: string, term) =>
        isNotYetDue(term, currentYear) ? (
          <Tag>{t("fees.notYetDue")}</Tag>
        ) : (
          <Tag color={studentStatusColour(status)}>{t(`students.termStatuses.${status}`, { defaultValue: status })}</Tag>
        ),
    },
    { title: t("students.paidOn"), dataIndex: "paidAt", key: "paidAt", render: date },
    { title: t("students.mode"), dataIndex: "mode", key: "mode", render: modeLabel },
    {
      title: t("students.receipt"),
      dataIndex: "receiptNo",
      key: "receipt",
      render: (receiptNo: string | null) => (receiptNo ? <ReceiptLink receiptNo={receiptNo} /> : "-"),
    },
  ];
  return (
    <Section title={title}>
      <ScrollingTable<FeeStatusTerm>
        label={title}
        rowKey={(term) => `${term.academicYear}-${term.termNo}`}
        columns={columns}
        dataSource={terms}
        emptyText={t("students.noFeeTerms")}
      />
    </Section>
  );
}

/**
 * Every payment the student made, online or at the office, each with its receipt, and those cancelled
 * with when and why. A fee recorded at the office by mistake is cancelled from its row; one paid
 * online goes back only as a refund.
 */
export function PaymentsSection({ payments, payer }: { payments: StudentPayment[]; payer: string }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  const modeLabel = useModeLabel();
  const [cancelling, setCancelling] = useState<StudentPayment>();
  const title = t("students.payments");
  const columns: TableProps<StudentPayment>["columns"] = [
    {
      title: t("students.receipt"),
      dataIndex: "receiptNo",
      key: "receipt",
      // A cancelled receipt no longer counts, and has no PDF.
      render: (receiptNo: string, payment) =>
        payment.cancelledAt ? (
          <Typography.Text delete>
            <bdi className="unbroken">{receiptNo}</bdi>
          </Typography.Text>
        ) : (
          <ReceiptLink receiptNo={receiptNo} />
        ),
    },
    { title: t("students.paidOn"), dataIndex: "paidAt", key: "paidAt", render: date },
    {
      title: t("students.yearAndTerm"),
      key: "term",
      render: (_value, payment) => t("students.yearTermN", { year: payment.academicYear, term: payment.termNo }),
    },
    { title: t("students.amount"), dataIndex: "amount", key: "amount", align: "end", render: formatRupees },
    { title: t("students.mode"), dataIndex: "mode", key: "mode", render: modeLabel },
    { title: t("students.reference"), dataIndex: "reference", key: "reference", render: (reference: string | null) => reference || "-" },
    {
      title: t("fees.transactions.actions"),
      key: "actions",
      render: (_value, payment) => {
        if (payment.cancelledAt) return <CancellationNote cancelledAt={payment.cancelledAt} cancelledBy={payment.cancelledBy} reason={payment.cancelReason} />;
        if (payment.mode === "Online") return null;
        return (
          <Button size="small" danger onClick={() => setCancelling(payment)} aria-label={`${t("fees.transactions.cancellations.cancel")}: ${payment.receiptNo}`}>
            {t("fees.transactions.cancellations.cancel")}
          </Button>
        );
      },
    },
  ];
  return (
    <Section title={title}>
      <ScrollingTable<StudentPayment>
        label={title}
        rowKey="receiptNo"
        columns={columns}
        dataSource={payments}
        emptyText={t("students.noPayments")}
      />
      {cancelling && <CancelReceiptDialog payment={{ ...cancelling, name: payer }} onClose={() => setCancelling(undefined)} />}
    </Section>
  );
}
