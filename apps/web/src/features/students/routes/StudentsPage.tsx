import { studentFeeStatuses, studentStatuses, studentYears, type StudentFilter, type StudentListItem } from "@admissions/shared";
import { Alert, Col, Flex, Row, Select, Table, Tag, Typography, type TableProps } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useAllCourses, useAllDegrees, useDegreeInScope, useMasterName } from "../../../lib/masters";
import { routes } from "../../../lib/paths";
import { useScrollableTable } from "../../../lib/table-scroll";
import { sortOrderIn, tableChange, useUrlQuery } from "../../../lib/url-query";
import { useStudents } from "../api/students";
import { formatRupees, studentErrorText, studentStatusColour } from "../components/student-display";
import { CourseAndDegree } from "../../../components/CourseAndDegree";
import { Panel } from "../../../components/Panel";
import { AddressSearch } from "../../../components/AddressSearch";
import { usePagerItemRender } from "../../../lib/pager-names";

const PAGE_SIZE = 20;

/** The list's page, search, filters and order as the URL holds them, for POST studentsFilter. */
function filterOf(params: URLSearchParams): StudentFilter & { pageNo: number } {
  const numberOf = (key: string) => (params.get(key) ? Number(params.get(key)) : undefined);
  return {
    pageNo: numberOf("pageNo") ?? 0,
    pageSize: PAGE_SIZE,
    search: params.get("search") ?? undefined,
    courseId: numberOf("courseId"),
    degreeId: numberOf("degreeId"),
    currentYear: numberOf("currentYear"),
    status: params.get("status") ?? undefined,
    feeStatus: params.get("feeStatus") ?? undefined,
    sort: params.get("sort") ?? undefined,
    order: params.get("order") ?? undefined,
  };
}

/** SPEC.md /students/list: every admitted student, searched, filtered and paged on the server. */
export function StudentsPage() {
  const { t } = useTranslation();
  const pagerItemRender = usePagerItemRender();
  const table = useScrollableTable(t("menu.students"));
  const { params, update } = useUrlQuery();
  const courses = useAllCourses();
  const degrees = useAllDegrees();
  const inScope = useDegreeInScope();
  const masterName = useMasterName();
  const filter = filterOf(params);
  const list = useStudents(filter);

  const courseId = params.get("courseId") ?? undefined;
  const columns: TableProps<StudentListItem>["columns"] = [
    {
      title: t("students.admissionNo"),
      dataIndex: "admissionNo",
      key: "admissionNo",
      sorter: true,
      // Whole on one line: the table narrows the columns of words, not a number.
      render: (value: string, row) => (
        <Link to={routes.student(row.id)} className="unbroken">
          {value}
        </Link>
      ),
    },
    { title: t("students.name"), dataIndex: "name", key: "name", sorter: true },
    { title: t("students.courseAndDegree"), key: "degree", render: (_value, row) => <CourseAndDegree course={row.course} degree={row.degree} /> },
    { title: t("students.year"), dataIndex: "currentYear", key: "currentYear", sorter: true, render: (year: number) => t("students.yearN", { year }) },
    { title: t("students.admissionYear"), dataIndex: "admissionYear", key: "admissionYear", sorter: true },
    { title: t("students.mobile"), dataIndex: "mobile", key: "mobile" },
    {
      title: t("students.status"),
      dataIndex: "status",
      key: "status",
      render: (status: string) => <Tag color={studentStatusColour(status)}>{t(`students.statuses.${status}`, { defaultValue: status })}</Tag>,
    },
    {
      title: t("students.feesDue"),
      dataIndex: "amountDue",
      key: "amountDue",
      sorter: true,
      align: "end",
      // What is owed, and the way to the student's fees, together.
      render: (amount: number, row) => (
        <Flex vertical align="end" className="unbroken">
          {row.feesDue > 0 ? (
            <>
              {formatRupees(amount)}
              <Typography.Text type="secondary">{t("students.termsDue", { count: row.feesDue })}</Typography.Text>
            </>
          ) : (
            t("students.nothingDue")
          )}
          <Link to={routes.feesHistoryOf(row.userName)} aria-label={t("students.feesOf", { name: row.name })}>
            {t("students.feesHistory")}
          </Link>
        </Flex>
      ),
    },
  ];

  const sortOrder = (key: string) => sortOrderIn(params, key, { sort: "admissionNo", order: "asc" });

  /** A select of the list's filters, kept in the URL under `name`; any choice starts again at page one. */
  const filterSelect = (name: string, label: string, options: { value: string; label: string }[], onChange = (value?: string) => update({ [name]: value })) => (
    <Select
      aria-label={label}
      placeholder={label}
      allowClear
      showSearch={options.length > 8 ? { optionFilterProp: "label" } : undefined}
      className="full-width"
      value={params.get(name) ?? undefined}
      onChange={onChange}
      options={options}
    />
  );

  return (
    <Panel>
      <Typography.Title level={1} className="page-title">
        {t("menu.students")}
      </Typography.Title>
      <Row gutter={[12, 12]} className="list-filters">
        <Col xs={24} md={12} xl={6}>
          <AddressSearch
            aria-label={t("students.search")}
            placeholder={t("students.search")}
            term={params.get("search") ?? ""}
            onSearch={(search) => update({ search })}
          />
        </Col>
        <Col xs={12} md={6} xl={4}>
          {filterSelect(
            "courseId",
            t("students.course"),
            (courses.data ?? []).map((course) => ({ value: String(course.id), label: masterName(course) })),
            (value) => update({ courseId: value, degreeId: undefined }),
          )}
        </Col>
        <Col xs={12} md={6} xl={4}>
          {filterSelect(
            "degreeId",
            t("students.degree"),
            (degrees.data ?? [])
              .filter((degree) => inScope(degree) && (!courseId || String(degree.courseId) === courseId))
              .map((degree) => ({ value: String(degree.id), label: masterName(degree) })),
          )}
        </Col>
        <Col xs={12} md={6} xl={3}>
          {filterSelect(
            "currentYear",
            t("students.year"),
            studentYears.map((year) => ({ value: String(year), label: t("students.yearN", { year }) })),
          )}
        </Col>
        <Col xs={12} md={6} xl={3}>
          {filterSelect(
            "status",
            t("students.status"),
            studentStatuses.map((status) => ({ value: status, label: t(`students.statuses.${status}`) })),
          )}
        </Col>
        <Col xs={12} md={6} xl={3}>
          {filterSelect(
            "feeStatus",
            t("students.fees"),
            studentFeeStatuses.map((status) => ({ value: status, label: t(`students.feeStatuses.${status}`) })),
          )}
        </Col>
      </Row>
      {list.isError && <Alert type="error" showIcon role="alert" title={studentErrorText(list.error, t)} />}
      <Table<StudentListItem>
        ref={table}
        rowKey="id"
        columns={columns.map((column) => ({ ...column, sortOrder: sortOrder(String(column.key)) }))}
        dataSource={list.data?.content}
        loading={list.isFetching}
        scroll={{ x: 900 }}
        pagination={{
          itemRender: pagerItemRender,
          current: filter.pageNo + 1,
          pageSize: PAGE_SIZE,
          total: list.data?.totalElements ?? 0,
          showSizeChanger: false,
          showTotal: (total) => t("students.total", { total }),
        }}
        onChange={(pagination, _filters, sorter) => update(tableChange(pagination, sorter), true)}
      />
    </Panel>
  );
}
