import type { ActivityEntry } from "@admissions/shared";
import { Alert, Col, Flex, Row, Select, Table, Typography, type TableProps } from "antd";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../lib/error-text";
import { useScrollableTable } from "../../../lib/table-scroll";
import { tableChange, useUrlQuery } from "../../../lib/url-query";
import { browserTimeZone } from "../../../lib/time-zone";
import { useActivityActions, useActivityLog } from "../api/activity";
import { ActivityDetails } from "../components/ActivityDetails";
import { useActivityLabels } from "../components/activity-labels";
import { useActivitySummary } from "../components/activity-summary";
import { Panel } from "../../../components/Panel";
import { AddressSearch } from "../../../components/AddressSearch";
import { DateRangeFilters } from "../../../components/DateRangeFilters";
import { usePagerItemRender } from "../../../lib/pager-names";

const PAGE_SIZE = 20;

/** The days picked here are the user's own days, so the server reads them in the browser's time zone. */

const hasDetails = (entry: ActivityEntry) => !!entry.details && Object.keys(entry.details).length > 0;

/** /activityLog: who did what to which record, when and from where; paged and filtered on the server. */
export function ActivityLogPage() {
  const { t, i18n } = useTranslation();
  const pagerItemRender = usePagerItemRender();
  const table = useScrollableTable(t("menu.activityLog"));
  const { actionLabel, entityLabel } = useActivityLabels();
  const summaryOf = useActivitySummary();
  const { params, update } = useUrlQuery();
  const pageNo = Number(params.get("pageNo") ?? 0);
  const query = new URLSearchParams(params);
  query.set("pageSize", String(PAGE_SIZE));
  query.set("timeZone", browserTimeZone);
  const log = useActivityLog(query.toString());
  const actions = useActivityActions();
  const when = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: "medium", timeStyle: "medium" });
  const dateFrom = params.get("dateFrom") ?? "";
  const dateTo = params.get("dateTo") ?? "";

  // The short columns have widths and the record goes under its action, so that the summary has the
  // rest of a laptop's screen: left to the browser, the e-mail and record columns took the room and
  // the summary was cut off at the right.
  const columns: TableProps<ActivityEntry>["columns"] = [
    {
      title: t("activity.when"),
      dataIndex: "at",
      key: "at",
      width: 220,
      className: "unbroken",
      render: (at: string) => <time dateTime={at}>{when.format(new Date(at))}</time>,
    },
    {
      title: t("activity.who"),
      dataIndex: "actorName",
      key: "actorName",
      width: 180,
      className: "breaks-anywhere",
      render: (name: string | null) => name ?? <Typography.Text italic>{t("activity.system")}</Typography.Text>,
    },
    {
      title: `${t("activity.action")} · ${t("activity.record")}`,
      key: "action",
      width: 200,
      render: (_value, entry) => (
        <Flex vertical>
          {actionLabel(entry.action)}
          <Typography.Text type="secondary">{[entityLabel(entry.entityType), entry.entityId].filter(Boolean).join(" ")}</Typography.Text>
        </Flex>
      ),
    },
    { title: t("activity.summary"), key: "summary", render: (_value, entry) => summaryOf(entry) },
    { title: t("activity.address"), dataIndex: "ip", key: "ip", width: 130, render: (ip: string | null) => ip ?? "-" },
  ];

  return (
    <Panel>
      <Typography.Title level={1} className="page-title">
        {t("menu.activityLog")}
      </Typography.Title>
      <Row gutter={[12, 12]} className="list-filters">
        <Col xs={24} md={12} xl={6}>
          <AddressSearch
            aria-label={t("activity.userName")}
            placeholder={t("activity.userName")}
            term={params.get("userName") ?? ""}
            onSearch={(userName) => update({ userName })}
          />
        </Col>
        <Col xs={24} md={12} xl={6}>
          <Select
            aria-label={t("activity.action")}
            placeholder={t("activity.action")}
            allowClear
            showSearch={{ optionFilterProp: "label" }}
            className="full-width"
            loading={actions.isPending}
            value={params.get("action") ?? undefined}
            onChange={(value?: string) => update({ action: value })}
            options={(actions.data ?? []).map((action) => ({ value: action, label: actionLabel(action) }))}
          />
        </Col>
        <DateRangeFilters from={{ label: t("activity.dateFrom"), value: dateFrom }} to={{ label: t("activity.dateTo"), value: dateTo }} onChange={update} />
      </Row>
      {log.isError && <Alert type="error" showIcon title={errorText(log.error, t)} className="list-filters" />}
      <Table<ActivityEntry>
        ref={table}
        rowKey="id"
        columns={columns}
        dataSource={log.data?.content}
        loading={log.isFetching}
        scroll={{ x: 960 }}
        tableLayout="fixed"
        expandable={{
          columnTitle: <span className="visually-hidden">{t("activity.details")}</span>,
          rowExpandable: hasDetails,
          expandedRowRender: (entry) => <ActivityDetails details={entry.details ?? {}} />,
        }}
        pagination={{
          itemRender: pagerItemRender,
          current: pageNo + 1,
          pageSize: PAGE_SIZE,
          total: log.data?.totalElements ?? 0,
          showSizeChanger: false,
          showTotal: (total) => t("activity.total", { total }),
        }}
        onChange={(pagination) => update(tableChange(pagination), true)}
      />
    </Panel>
  );
}
