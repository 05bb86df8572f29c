import { MASTER_NAME_MAX_LENGTH, degreeFields, type Degree } from "@admissions/shared";
import { Form, Input, Select, Space, Table, type TableProps } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useIsAdmin } from "../../../lib/current-user";
import { errorText } from "../../../lib/error-text";
import { zodRule } from "../../../lib/form-rules";
import { useMessage } from "../../../lib/message";
import { useScrollableTable } from "../../../lib/table-scroll";
import { useAllCourses, useAllDegrees } from "../../../lib/masters";
import { useSaveDegree } from "../api/masters";
import { FeeStructureModal } from "../components/FeeStructureModal";
import { MasterFormModal } from "../components/MasterFormModal";
import { ActiveTag, MasterList, RowButton, useActiveToggle } from "../components/MasterList";
import { usePagerItemRender } from "../../../lib/pager-names";

type DegreeValues = { name: string; courseId: number };

/**
 * SPEC.md /master/grade (Degree): the degrees of each course; admins add, rename and close them
 * (a degree is never deleted) and keep each one's fee structure.
 */
export function DegreesPage() {
  const { t } = useTranslation();
  const pagerItemRender = usePagerItemRender();
  const table = useScrollableTable(t("menu.degree"));
  const message = useMessage();
  const isAdmin = useIsAdmin();
  const courses = useAllCourses();
  const degrees = useAllDegrees();
  const save = useSaveDegree();
  const [courseFilter, setCourseFilter] = useState<number>();
  /** The degree being edited, "new" while adding one. */
  const [editing, setEditing] = useState<Degree | "new">();
  const [feesOf, setFeesOf] = useState<Degree>();
  const [toggleActive, confirmHolder] = useActiveToggle();

  const courseName = (courseId: number) => courses.data?.find((course) => course.id === courseId)?.name ?? String(courseId);
  const courseOptions = (courses.data ?? []).map((course) => ({
    value: course.id,
    label: course.isActive === false ? t("masters.inactiveCourse", { name: course.name }) : course.name,
  }));

  const setActive = (degree: Degree, isActive: boolean) =>
    save.mutate(
      { id: degree.id, values: { name: degree.name, courseId: degree.courseId, isActive } },
      { onSuccess: () => void message.success(t("notices.saved")), onError: (error) => void message.error(errorText(error, t)) },
    );

  const columns: TableProps<Degree>["columns"] = [
    { title: t("masters.name"), dataIndex: "name", key: "name", render: (name: string) => <bdi>{name}</bdi> },
    { title: t("masters.course"), dataIndex: "courseId", key: "courseId", render: (courseId: number) => courseName(courseId) },
    { title: t("masters.status"), dataIndex: "isActive", key: "isActive", render: (active: boolean) => <ActiveTag active={active} /> },
    {
      title: t("masters.actions"),
      key: "actions",
      render: (_value, degree) => (
        <Space wrap>
          {isAdmin && <RowButton label={t("masters.edit")} name={degree.name} onClick={() => setEditing(degree)} />}
          {isAdmin && (
            <RowButton
              label={degree.isActive ? t("masters.deactivate") : t("masters.activate")}
              name={degree.name}
              loading={save.isPending && save.variables?.id === degree.id}
              onClick={() => toggleActive(degree.isActive === true, t("masters.confirmDeactivateDegree", { name: degree.name }), (isActive) => setActive(degree, isActive))}
            />
          )}
          <RowButton label={t("masters.feeStructure")} name={degree.name} onClick={() => setFeesOf(degree)} />
        </Space>
      ),
    },
  ];

  return (
    <MasterList
      title={t("menu.degree")}
      hint={t("masters.degreeHint")}
      addLabel={t("masters.addDegree")}
      onAdd={() => setEditing("new")}
      canEdit={isAdmin}
      error={degrees.error ?? courses.error}
      onRetry={() => void Promise.all([degrees.refetch(), courses.refetch()])}
      filter={
        <Select
          aria-label={t("masters.course")}
          placeholder={t("masters.allCourses")}
          allowClear
          value={courseFilter}
          onChange={(value?: number) => setCourseFilter(value)}
          options={courseOptions}
        />
      }
    >
      <Table<Degree>
        ref={table}
        rowKey="id"
        columns={columns}
        dataSource={(degrees.data ?? []).filter((degree) => courseFilter === undefined || degree.courseId === courseFilter)}
        loading={degrees.isPending || courses.isPending}
        pagination={{ itemRender: pagerItemRender, pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
        scroll={{ x: 720 }}
        locale={{ emptyText: t("masters.empty") }}
      />
      {editing && (
        <MasterFormModal<DegreeValues>
          formName="degree"
          firstField="name"
          title={editing === "new" ? t("masters.addDegree") : t("masters.editDegree")}
          initialValues={editing === "new" ? { courseId: courseFilter } : { name: editing.name, courseId: editing.courseId }}
          onClose={() => setEditing(undefined)}
          onSave={(values) =>
            save.mutateAsync(editing === "new" ? { values } : { id: editing.id, values: { ...values, isActive: editing.isActive ?? true } })
          }
        >
          <Form.Item name="name" label={t("masters.name")} rules={[zodRule(degreeFields.name)]}>
            <Input maxLength={MASTER_NAME_MAX_LENGTH} autoComplete="off" />
          </Form.Item>
          <Form.Item name="courseId" label={t("masters.course")} rules={[zodRule(degreeFields.courseId)]}>
            <Select options={courseOptions} />
          </Form.Item>
        </MasterFormModal>
      )}
      {feesOf && <FeeStructureModal degree={feesOf} canEdit={isAdmin} onClose={() => setFeesOf(undefined)} />}
      {confirmHolder}
    </MasterList>
  );
}
