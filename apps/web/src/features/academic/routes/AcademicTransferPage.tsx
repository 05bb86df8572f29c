import type { AcademicYearClosed, AcademicYearPreview } from "@admissions/shared";
import { Alert, Button, Col, Flex, Form, Input, Modal, Row, Select, Statistic, Table, Typography, type TableProps } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate } from "react-router";
import { useIsAdmin } from "../../../lib/current-user";
import { inLanguage } from "../../../lib/in-language";
import { useCourses } from "../../../lib/masters";
import { routes } from "../../../lib/paths";
import { useScrollableTable } from "../../../lib/table-scroll";
import { useAcademicYearPreview, useCloseAcademicYear, type AcademicYearTarget } from "../api/academic";
import { academicErrorText, academicYearName, willBeText } from "../components/academic-messages";
import "../academic.css";
import { Panel } from "../../../components/Panel";
import { usePagerItemRender } from "../../../lib/pager-names";

/** How many past years the year list offers; the server takes any year up to this one. */
const YEARS_OFFERED = 6;

/** SPEC.md /academicTransfer (Academic Process, ROLE_ADMIN only); anyone else goes back to the applications list. */
export function AcademicTransferPage() {
  return useIsAdmin() ? <AcademicTransferScreen /> : <Navigate to={routes.admin} replace />;
}

interface Choice {
  courseId?: number;
  year: number;
}

function AcademicTransferScreen() {
  const { t } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const courses = useCourses();
  const [form] = Form.useForm<Choice>();
  // The year that ended most recently, the first offered: the academic year Y-(Y+1) ends in the
  // calendar year Y+1, and one that has not ended cannot be closed.
  const thisYear = new Date().getFullYear();
  const year = Form.useWatch("year", form) ?? thisYear - 1;
  const [target, setTarget] = useState<AcademicYearTarget>();
  const preview = useAcademicYearPreview(target);
  const close = useCloseAcademicYear();
  const courseName = (courseId: number) => courses.data?.find((course) => course.id === courseId)?.name ?? String(courseId);

  const ask = (choice: Choice) => {
    close.reset();
    setTarget({ courseId: choice.courseId!, year: choice.year });
  };

  const confirmClose = (shown: AcademicYearPreview) => {
    const names = { year: academicYearName(shown.year), course: courseName(shown.courseId) };
    modal.confirm({
      title: t("academic.confirmTitle", names),
      content: t("academic.confirmContent", { moving: shown.moving.reduce((total, group) => total + group.count, 0), completing: shown.completing }),
      okText: t("academic.closeYear"),
      okButtonProps: { danger: true },
      cancelText: t("academic.cancel"),
      // The dialog closes whatever the answer; the answer is shown on the screen.
      onOk: () => close.mutateAsync({ courseId: shown.courseId, year: shown.year }).catch(() => undefined),
    });
  };

  return (
    <Panel>
      {modalHolder}
      <Flex vertical gap="large">
        <div>
          <Typography.Title level={1} className="page-title">
            {t("menu.academicProcess")}
          </Typography.Title>
          <Typography.Paragraph>{t("academic.intro")}</Typography.Paragraph>
        </div>
        <Form<Choice>
          form={form}
          layout="vertical"
          initialValues={{ year: thisYear - 1 }}
          onFinish={ask}
          onValuesChange={() => {
            setTarget(undefined);
            close.reset();
          }}
          requiredMark={false}
        >
          <Row gutter={[16, 0]} align="bottom">
            <Col xs={24} sm={12} lg={6}>
              <Form.Item name="courseId" label={t("academic.course")} rules={[{ required: true, message: inLanguage((t) => t("validation.courseRequired")) }]}>
                <Select loading={courses.isPending} options={(courses.data ?? []).map((course) => ({ value: course.id, label: course.name }))} />
              </Form.Item>
            </Col>
            <Col xs={12} sm={6} lg={5}>
              <Form.Item name="year" label={t("academic.year")}>
                <Select options={Array.from({ length: YEARS_OFFERED }, (_unused, index) => thisYear - 1 - index).map((option) => ({ value: option, label: academicYearName(option) }))} />
              </Form.Item>
            </Col>
            <Col xs={12} sm={6} lg={5}>
              <Form.Item label={t("academic.next")} htmlFor="academic-next-year">
                <Input id="academic-next-year" readOnly value={academicYearName(year + 1)} />
              </Form.Item>
            </Col>
            <Col xs={24} lg={4}>
              <Form.Item>
                <Button htmlType="submit" loading={preview.isFetching}>
                  {t("academic.preview")}
                </Button>
              </Form.Item>
            </Col>
          </Row>
        </Form>

        {preview.isError && <Alert type="error" showIcon role="alert" title={academicErrorText(preview.error, t)} />}
        {preview.data && <YearPreview preview={preview.data} courseName={courseName(preview.data.courseId)} onClose={confirmClose} closing={close.isPending} />}
        <div role="status" aria-live="polite">
          {close.data && <ClosedResult closed={close.data} courseName={courseName(close.data.courseId)} />}
          {close.isError && <Alert type="error" showIcon title={academicErrorText(close.error, t)} />}
        </div>
      </Flex>
    </Panel>
  );
}

function YearPreview({
  preview,
  courseName,
  onClose,
  closing,
}: {
  preview: AcademicYearPreview;
  courseName: string;
  onClose: (preview: AcademicYearPreview) => void;
  closing: boolean;
}) {
  const { t, i18n } = useTranslation();
  const pagerItemRender = usePagerItemRender();
  const names = { year: academicYearName(preview.year), course: courseName };
  const table = useScrollableTable(t("academic.previewTitle", names));
  const moving = preview.moving.reduce((total, group) => total + group.count, 0);
  const total = moving + preview.completing;

  if (preview.alreadyClosed) {
    const closed = preview.closing;
    return (
      <Alert
        type="info"
        showIcon
        title={t("academic.alreadyClosed", names)}
        description={
          closed &&
          t("academic.closedDetail", {
            date: new Date(closed.closedAt).toLocaleString(i18n.language, { dateStyle: "medium", timeStyle: "short" }),
            user: closed.closedBy ?? t("academic.someone"),
            moved: closed.movedCount,
            completed: closed.completedCount,
          })
        }
      />
    );
  }

  const columns: TableProps<AcademicYearPreview["students"][number]>["columns"] = [
    { title: t("academic.admissionNo"), dataIndex: "admissionNo", key: "admissionNo" },
    { title: t("academic.name"), dataIndex: "name", key: "name" },
    { title: t("academic.degree"), dataIndex: "degree", key: "degree" },
    { title: t("academic.currentYear"), dataIndex: "currentYear", key: "currentYear", render: (year: number) => t("academic.yearN", { year }) },
    { title: t("academic.willBe"), dataIndex: "willBe", key: "willBe", render: (willBe: string) => willBeText(willBe, t) },
  ];

  return (
    <section>
      <Flex vertical gap="middle">
        <Typography.Title level={2} className="academic-section-title">
          {t("academic.previewTitle", names)}
        </Typography.Title>
        {total === 0 ? (
          <Alert type="info" showIcon title={t("academic.noStudents")} />
        ) : (
          <>
            <Row gutter={[16, 16]}>
              {preview.moving.map((group) => (
                <Col xs={12} md={6} key={group.yearFrom}>
                  <Statistic title={t("academic.moves", { from: group.yearFrom, to: group.yearTo })} value={group.count} />
                </Col>
              ))}
              <Col xs={12} md={6}>
                <Statistic title={t("academic.completing")} value={preview.completing} />
              </Col>
            </Row>
            <Table
              ref={table}
              rowKey="admissionNo"
              size="small"
              columns={columns}
              dataSource={preview.students}
              scroll={{ x: 720 }}
              pagination={{ itemRender: pagerItemRender, pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
            />
            {preview.students.length < total && <Typography.Text>{t("academic.shownOf", { shown: preview.students.length, total })}</Typography.Text>}
            <div>
              <Button type="primary" danger loading={closing} onClick={() => onClose(preview)}>
                {t("academic.closeYear")}
              </Button>
            </div>
          </>
        )}
      </Flex>
    </section>
  );
}

function ClosedResult({ closed, courseName }: { closed: AcademicYearClosed; courseName: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="success"
      showIcon
      title={t("academic.closedTitle", { year: academicYearName(closed.year), course: courseName })}
      description={t("academic.closedCounts", { moved: closed.moved, completed: closed.completed, feeTerms: closed.feeTermsCreated })}
    />
  );
}
