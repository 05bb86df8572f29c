import { feeModes, feeTransactionKinds, feeTransactionStatuses, type FeeTransaction, type FeeTransactionRowStatus, type FeeTransactionStatus } from "@admissions/shared";
import { Alert, Button, Col, Flex, Grid, Row, Select, Space, Statistic, Table, Tag, Typography, type TableProps } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { errorText } from "../../../lib/error-text";
import { useAllDegrees, useDegreeInScope, useMasterName } from "../../../lib/masters";
import { routes } from "../../../lib/paths";
import { useScrollableTable } from "../../../lib/table-scroll";
import { tableChange, useUrlQuery } from "../../../lib/url-query";
import { useFeeTransactions } from "../api/fees";
import { ExportFeeTransactions } from "../components/ExportFeeTransactions";
import { CancellationNote } from "../components/CancellationNote";
import { CancelReceiptDialog, RefundDialog } from "../components/TransactionDialogs";
import { feeModeName, feeStatusColour, feeTermNumbers, feeYears, formatRupees } from "../lib/fee-terms";
import { browserTimeZone } from "../../../lib/time-zone";
import { AddressSearch } from "../../../components/AddressSearch";
import { DateRangeFilters } from "../../../components/DateRangeFilters";
import { Panel } from "../../../components/Panel";
import { usePagerItemRender } from "../../../lib/pager-names";

const PAGE_SIZE = 20;

/** The days picked are the user's own days, so the server reads them in the browser's time zone. */

/** The server lists payments unless asked for the terms still due. */
const DEFAULT_STATUS: FeeTransactionStatus = "Paid";

/**
 * /feesStatus (Fees Transaction): every fee and application payment, online and offline, the terms
 * still due, the payments to refund, or the cancelled receipts; searched (a student, a receipt or an
 * order), filtered, paged and totalled on the server, the filters kept in the URL. A payment to refund is recorded as given back from its row, and
 * a fee recorded at the office by mistake is cancelled from its row.
 */
export function FeesTransactionsPage() {
  const { t, i18n } = useTranslation();
  const pagerItemRender = usePagerItemRender();
  const table = useScrollableTable(t("menu.feesTransaction"));
  const { params, update } = useUrlQuery();
  const degrees = useAllDegrees();
  const inScope = useDegreeInScope();
  const masterName = useMasterName();
  const pageNo = Number(params.get("pageNo") ?? 0);
  const filters = new URLSearchParams(params);
  filters.set("timeZone", browserTimeZone);
  const query = new URLSearchParams(filters);
  query.set("pageSize", String(PAGE_SIZE));
  const status = (params.get("status") ?? DEFAULT_STATUS) as FeeTransactionStatus;
  // Terms still due have no date or mode: those filters would only empty the list.
  const listingDue = status === "Due";
  const list = useFeeTransactions(query.toString());
  const data = list.data;
  const when = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: "medium", timeStyle: "short" });
  const count = new Intl.NumberFormat("en-IN");
  /** The payment whose refund is being recorded, while its dialog is open. */
  const [refunding, setRefunding] = useState<FeeTransaction & { orderId: string }>();
  /** The office payment being cancelled, while its dialog is open. */
  const [cancelling, setCancelling] = useState<FeeTransaction & { receiptNo: string }>();

  const wide = Grid.useBreakpoint().md ?? true;
  const columns: TableProps<FeeTransaction>["columns"] = [
    {
      title: t("fees.transactions.paidAt"),
      dataIndex: "paidAt",
      key: "paidAt",
      render: (at: string | null) => (at ? <time dateTime={at}>{when.format(new Date(at))}</time> : "-"),
    },
    { title: t("fees.transactions.receiptOrOrder"), key: "number", render: (_value, row) => <bdi className="unbroken">{row.receiptNo ?? row.orderId ?? "-"}</bdi> },
    {
      title: t("fees.name"),
      dataIndex: "name",
      key: "name",
      // The admission or application number under the name: one column fewer, so that on a laptop's
      // screen the amount and status are in view without scrolling.
      render: (name: string, row) => (
        <Flex vertical>
          {row.kind === "fee" ? <Link to={routes.feesHistoryOf(row.userName)}>{name}</Link> : name}
          <Typography.Text type="secondary" className="unbroken">
            {row.admissionNo ?? row.applicationNo ?? "-"}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: t("fees.amount"), dataIndex: "amount", key: "amount", align: "end", render: formatRupees },
    {
      title: t("fees.status"),
      dataIndex: "status",
      key: "status",
      render: (value: FeeTransactionRowStatus) => <Tag color={feeStatusColour(value)}>{t(`fees.statuses.${value}`)}</Tag>,
    },
    { title: t("fees.mode"), dataIndex: "mode", key: "mode", render: (mode: string | null) => (mode ? feeModeName(t, mode) : "-") },
    { title: t("fees.reference"), dataIndex: "reference", key: "reference", render: (reference: string | null) => reference ?? "-" },
    { title: t("fees.degree"), dataIndex: "degree", key: "degree" },
    {
      title: t("students.yearAndTerm"),
      key: "yearAndTerm",
      render: (_value, row) => (row.year && row.term ? t("students.yearTermN", { year: row.year, term: row.term }) : "-"),
    },
    { title: t("fees.transactions.kind"), dataIndex: "kind", key: "kind", render: (kind: string) => t(`fees.transactions.kinds.${kind}`) },
    {
      title: t("fees.transactions.actions"),
      key: "actions",
      // Kept in view at the table's end while the columns before it scroll, where the screen has room:
      // on a phone it took half the table's width and covered the dates.
      fixed: wide ? "end" : undefined,
      render: (_value, row) => {
        if (row.status === "Refunded") return t("fees.transactions.refunds.refundedAs", { reference: row.refundReference });
        if (row.status === "Cancelled" && row.cancelledAt) return <CancellationNote cancelledAt={row.cancelledAt} cancelledBy={row.cancelledBy} reason={row.cancelReason} />;
        const { orderId, receiptNo } = row;
        if (row.status === "Refund due" && orderId) {
          return (
            <Button size="small" onClick={() => setRefunding({ ...row, orderId })} aria-label={`${t("fees.transactions.refunds.record")}: ${orderId}`}>
              {t("fees.transactions.refunds.record")}
            </Button>
          );
        }
        // A fee paid at the office can be cancelled; one the gateway took goes back only as a refund.
        if (row.status === "Paid" && receiptNo && !orderId) {
          return (
            <Button size="small" danger onClick={() => setCancelling({ ...row, receiptNo })} aria-label={`${t("fees.transactions.cancellations.cancel")}: ${receiptNo}`}>
              {t("fees.transactions.cancellations.cancel")}
            </Button>
          );
        }
        return null;
      },
    },
  ];

  /** A filter's select: its label is its accessible name, its choice kept in the URL. */
  const filter = (key: string, label: string, options: { value: string; label: string }[], disabled = false) => (
    <Col xs={12} md={6} lg={4} key={key}>
      <Select
        aria-label={label}
        placeholder={label}
        allowClear
        disabled={disabled}
        className="full-width"
        value={params.get(key) ?? undefined}
        onChange={(value?: string) => update({ [key]: value })}
        options={options}
      />
    </Col>
  );

  return (
    <Panel>
      <Typography.Title level={1} className="page-title">
        {t("menu.feesTransaction")}
      </Typography.Title>
      <ExportFeeTransactions filters={filters} />
      <Row gutter={[12, 12]} className="list-filters">
        <Col xs={24} lg={12}>
          <AddressSearch
            aria-label={t("fees.transactions.search")}
            placeholder={t("fees.transactions.search")}
            term={params.get("search") ?? ""}
            onSearch={(search) => update({ search })}
          />
        </Col>
        <Col xs={24} sm={12} md={8} lg={6}>
          <Select
            aria-label={t("fees.status")}
            className="full-width"
            value={status}
            onChange={(value: FeeTransactionStatus) =>
              update(value === "Due" ? { status: value, dateFrom: undefined, dateTo: undefined, mode: undefined } : { status: value === DEFAULT_STATUS ? undefined : value })
            }
            options={feeTransactionStatuses.map((value) => ({ value, label: t(`fees.transactions.statuses.${value}`) }))}
          />
        </Col>
        <DateRangeFilters
          from={{ label: t("reports.dateFrom"), value: params.get("dateFrom") ?? "" }}
          to={{ label: t("reports.dateTo"), value: params.get("dateTo") ?? "" }}
          onChange={update}
          disabled={listingDue}
        />
        <Col xs={24} md={12} lg={8}>
          <Select
            aria-label={t("fees.degree")}
            placeholder={t("fees.degree")}
            allowClear
            showSearch={{ optionFilterProp: "label" }}
            className="full-width"
            loading={degrees.isPending}
            value={params.get("degreeId") ?? undefined}
            onChange={(value?: string) => update({ degreeId: value })}
            options={(degrees.data ?? []).filter(inScope).map((degree) => ({ value: String(degree.id), label: masterName(degree) }))}
          />
        </Col>
        {filter("year", t("fees.year"), feeYears.map((year) => ({ value: String(year), label: t("fees.yearN", { year }) })))}
        {filter("term", t("fees.term"), feeTermNumbers.map((term) => ({ value: String(term), label: t("fees.termN", { term }) })))}
        {filter("mode", t("fees.mode"), feeModes.map((mode) => ({ value: mode, label: t(`fees.modes.${mode}`) })), listingDue)}
        {filter("kind", t("fees.transactions.kind"), feeTransactionKinds.map((kind) => ({ value: kind, label: t(`fees.transactions.kinds.${kind}`) })))}
      </Row>
      {list.isError && <Alert type="error" showIcon className="notice-alert" title={errorText(list.error, t)} />}
      <Space wrap size="large" className="list-filters" aria-live="polite">
        <Statistic title={t("fees.transactions.count")} value={data ? count.format(data.totals.count) : "-"} />
        <Statistic title={t("fees.transactions.amount")} value={data ? formatRupees(data.totals.amount) : "-"} />
      </Space>
      <Table<FeeTransaction>
        ref={table}
        rowKey="id"
        columns={columns}
        dataSource={data?.content}
        loading={list.isFetching}
        scroll={{ x: "max-content" }}
        pagination={{
          itemRender: pagerItemRender,
          current: pageNo + 1,
          pageSize: PAGE_SIZE,
          total: data?.totalElements ?? 0,
          showSizeChanger: false,
          // Terms still due are no transactions yet.
          showTotal: (total) => (listingDue ? t("students.termsDue", { count: total }) : t("fees.transactions.total", { total })),
        }}
        onChange={(pagination) => update(tableChange(pagination), true)}
      />
      {refunding && <RefundDialog transaction={refunding} onClose={() => setRefunding(undefined)} />}
      {cancelling && <CancelReceiptDialog payment={cancelling} onClose={() => setCancelling(undefined)} />}
    </Panel>
  );
}
