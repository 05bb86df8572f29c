import { BarChartOutlined } from "@ant-design/icons";
import { applicationStatuses, paymentStatuses, type ApplicationListItem } from "@admissions/shared";
import { Col, Flex, Row, Select, Space, Table, Tag, Typography, type TableProps } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useAllCourses, useAllDegrees, useDegreeInScope, useMasterName } from "../../../lib/masters";
import { errorText } from "../../../lib/error-text";
import { routes } from "../../../lib/paths";
import { statusColour } from "../../../lib/status-colours";
import { useScrollableTable } from "../../../lib/table-scroll";
import { sortOrderIn, tableChange, useUrlQuery } from "../../../lib/url-query";
import { useApplications } from "../api/applications";
import { ExportApplications } from "../components/ExportApplications";
import { applicationStatusLabel, paymentStatusLabel } from "../../../lib/status-labels";
import { CourseAndDegree } from "../../../components/CourseAndDegree";
import { Panel } from "../../../components/Panel";
import { AddressSearch } from "../../../components/AddressSearch";
import { DateRangeFilters } from "../../../components/DateRangeFilters";
import { usePagerItemRender } from "../../../lib/pager-names";

const PAGE_SIZE = 20;

/** SPEC.md /admin: every application, found in seconds: search, filters, counts per status, server paging. */
export function ApplicationsPage() {
  const { t } = useTranslation();
  const pagerItemRender = usePagerItemRender();
  const table = useScrollableTable(t("menu.applications"));
  const { params, update } = useUrlQuery();
  const courses = useAllCourses();
  const degrees = useAllDegrees();
  const inScope = useDegreeInScope();
  const masterName = useMasterName();
  const pageNo = Number(params.get("pageNo") ?? 0);
  const query = new URLSearchParams(params);
  query.set("pageSize", String(PAGE_SIZE));
  const list = useApplications(query.toString());
  const data = list.data;

  const courseId = params.get("courseId") ?? undefined;
  const columns: TableProps<ApplicationListItem>["columns"] = [
    {
      title: t("applications.applicationNo"),
      dataIndex: "applicationNo",
      key: "applicationNo",
      sorter: true,
      render: (value: string, row) => (
        <Link to={`/admin/${encodeURIComponent(row.userName)}`} className="unbroken">
          {value}
        </Link>
      ),
    },
    { title: t("applications.name"), dataIndex: "name", key: "name", sorter: true },
    { title: t("applications.degree"), key: "degree", render: (_value, row) => <CourseAndDegree course={row.course} degree={row.degree} /> },
    { title: t("applications.mobile"), dataIndex: "mobile", key: "mobile" },
    {
      title: t("applications.status"),
      dataIndex: "applicationStatus",
      key: "status",
      sorter: true,
      render: (value: string) => <Tag color={statusColour(value)}>{applicationStatusLabel(t, value).toLocaleUpperCase()}</Tag>,
    },
    { title: t("applications.payment"), dataIndex: "paymentStatus", key: "paymentStatus", render: (value: string) => paymentStatusLabel(t, value) },
    { title: t("applications.mode"), dataIndex: "isOffline", key: "mode", render: (offline: boolean) => (offline ? t("applications.offline") : t("applications.online")) },
    // Numbers and dates whole on one line: the table narrows the columns of words instead.
    { title: t("applications.date"), dataIndex: "applicationDate", key: "applicationDate", sorter: true, className: "unbroken" },
    { title: "%", dataIndex: "totalMarkPercent", key: "totalMarkPercent", sorter: true, align: "end", render: (percent: number | null) => percent ?? "-" },
  ];

  const sortOrder = (key: string) => sortOrderIn(params, key, { sort: "applicationDate", order: "desc" });

  return (
    <Panel>
      <Flex wrap justify="space-between" align="center" gap={12}>
        <Typography.Title level={1} className="page-title">
          {t("menu.applications")}
        </Typography.Title>
        <Link to={routes.report}>
          <BarChartOutlined aria-hidden /> {t("reports.dashboard")}
        </Link>
      </Flex>
      <ExportApplications params={params} />
      <Space wrap className="status-counts" aria-label={t("applications.byStatus")}>
        {applicationStatuses
          .filter((status) => data?.statusCounts[status])
          .map((status) => (
            <Tag.CheckableTag
              key={status}
              checked={params.get("status") === status}
              onChange={(checked) => update({ status: checked ? status : undefined })}
            >
              {applicationStatusLabel(t, status)} ({data?.statusCounts[status]})
            </Tag.CheckableTag>
          ))}
      </Space>
      <Row gutter={[12, 12]} className="list-filters">
        <Col xs={24} md={12} lg={8}>
          <AddressSearch
            aria-label={t("applications.search")}
            placeholder={t("applications.search")}
            term={params.get("search") ?? ""}
            onSearch={(search) => update({ search })}
          />
        </Col>
        <Col xs={12} md={6} lg={4}>
          <Select
            aria-label={t("applications.status")}
            placeholder={t("applications.status")}
            allowClear
            className="full-width"
            value={params.get("status") ?? undefined}
            onChange={(value?: string) => update({ status: value })}
            options={applicationStatuses.map((value) => ({ value, label: applicationStatusLabel(t, value) }))}
          />
        </Col>
        <Col xs={12} md={6} lg={4}>
          <Select
            aria-label={t("applications.payment")}
            placeholder={t("applications.payment")}
            allowClear
            className="full-width"
            value={params.get("paymentStatus") ?? undefined}
            onChange={(value?: string) => update({ paymentStatus: value })}
            options={paymentStatuses.map((value) => ({ value, label: paymentStatusLabel(t, value) }))}
          />
        </Col>
        <Col xs={12} md={6} lg={4}>
          <Select
            aria-label={t("admission.course")}
            placeholder={t("admission.course")}
            allowClear
            className="full-width"
            value={courseId}
            onChange={(value?: string) => update({ courseId: value, degreeId: undefined })}
            options={(courses.data ?? []).map((course) => ({ value: String(course.id), label: masterName(course) }))}
          />
        </Col>
        <Col xs={12} md={6} lg={4}>
          <Select
            aria-label={t("admission.degree")}
            placeholder={t("admission.degree")}
            allowClear
            showSearch={{ optionFilterProp: "label" }}
            className="full-width"
            value={params.get("degreeId") ?? undefined}
            onChange={(value?: string) => update({ degreeId: value })}
            options={(degrees.data ?? [])
              .filter((degree) => inScope(degree) && (!courseId || String(degree.courseId) === courseId))
              .map((degree) => ({ value: String(degree.id), label: masterName(degree) }))}
          />
        </Col>
        <Col xs={12} md={6} lg={4}>
          <Select
            aria-label={t("applications.mode")}
            placeholder={t("applications.mode")}
            allowClear
            className="full-width"
            value={params.get("mode") ?? undefined}
            onChange={(value?: string) => update({ mode: value })}
            options={[
              { value: "online", label: t("applications.online") },
              { value: "offline", label: t("applications.offline") },
            ]}
          />
        </Col>
        <DateRangeFilters
          from={{ label: t("applications.dateFrom"), value: params.get("dateFrom") ?? "" }}
          to={{ label: t("applications.dateTo"), value: params.get("dateTo") ?? "" }}
          onChange={update}
        />
      </Row>
      <Table<ApplicationListItem>
        ref={table}
        rowKey="applicationNo"
        columns={columns.map((column) => ({ ...column, sortOrder: sortOrder(String(column.key)) }))}
        dataSource={data?.content}
        loading={list.isFetching}
        scroll={{ x: 900 }}
        // Why the list is empty when the server refused its filters, where the table said only No data
        // (in the table rather than an Alert, which /admin's first download does not otherwise need).
        locale={list.isError ? { emptyText: <span role="alert">{errorText(list.error, t)}</span> } : undefined}
        pagination={{ itemRender: pagerItemRender, current: pageNo + 1, pageSize: PAGE_SIZE, total: data?.totalElements ?? 0, showSizeChanger: false, showTotal: (total) => t("applications.total", { total }) }}
        onChange={(pagination, _filters, sorter) => update(tableChange(pagination, sorter), true)}
      />
    </Panel>
  );
}
