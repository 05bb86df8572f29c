import { APPLICATION_FEE_MAX_RUPEES, MASTER_NAME_MAX_LENGTH, admissionCourses, courseFields, type Course } from "@admissions/shared";
import { Form, Input, InputNumber, Space, Table, type TableProps } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useIsAdmin } from "../../../lib/current-user";
import { errorText } from "../../../lib/error-text";
import { zodRule } from "../../../lib/form-rules";
import { useMessage } from "../../../lib/message";
import { useScrollableTable } from "../../../lib/table-scroll";
import { useAllCourses } from "../../../lib/masters";
import { useSaveCourse } from "../api/masters";
import { ActiveTag, MasterList, RowButton, useActiveToggle } from "../components/MasterList";
import { MasterFormModal } from "../components/MasterFormModal";

type CourseValues = { name: string; applicationFee: number };

/** SPEC.md /master/department (Course): the programme levels with their application fee; admins add, edit and close them. */
export function CoursesPage() {
  const { t } = useTranslation();
  const table = useScrollableTable(t("menu.course"));
  const message = useMessage();
  const isAdmin = useIsAdmin();
  const courses = useAllCourses();
  const save = useSaveCourse();
  /** The course being edited, "new" while adding one, undefined when the dialog is shut. */
  const [editing, setEditing] = useState<Course | "new">();
  const [toggleActive, confirmHolder] = useActiveToggle();

  const setActive = (course: Course, isActive: boolean) =>
    save.mutate(
      { id: course.id, values: { name: course.name, applicationFee: course.applicationFee, isActive } },
      { onSuccess: () => void message.success(t("notices.saved")), onError: (error) => void message.error(errorText(error, t)) },
    );

  const columns: TableProps<Course>["columns"] = [
    { title: t("masters.name"), dataIndex: "name", key: "name" },
    { title: t("masters.applicationFee"), dataIndex: "applicationFee", key: "applicationFee", align: "end" },
    { title: t("masters.status"), dataIndex: "isActive", key: "isActive", render: (active: boolean) => <ActiveTag active={active} /> },
    ...(isAdmin
      ? [
          {
            title: t("masters.actions"),
            key: "actions",
            render: (_value: unknown, course: Course) => (
              <Space wrap>
                <RowButton label={t("masters.edit")} name={course.name} onClick={() => setEditing(course)} />
                <RowButton
                  label={course.isActive ? t("masters.deactivate") : t("masters.activate")}
                  name={course.name}
                  loading={save.isPending && save.variables?.id === course.id}
                  onClick={() => toggleActive(course.isActive === true, t("masters.confirmDeactivateCourse", { name: course.name }), (isActive) => setActive(course, isActive))}
                />
              </Space>
            ),
          },
        ]
      : []),
  ];

  const fixedName = editing && editing !== "new" ? admissionCourses[editing.id] : undefined;
  return (
    <MasterList
      title={t("menu.course")}
      hint={t("masters.courseHint")}
      addLabel={t("masters.addCourse")}
      onAdd={() => setEditing("new")}
      canEdit={isAdmin}
      error={courses.error}
      onRetry={() => void courses.refetch()}
    >
      <Table<Course>
        ref={table}
        rowKey="id"
        columns={columns}
        dataSource={courses.data}
        loading={courses.isPending}
        pagination={false}
        scroll={{ x: 560 }}
        locale={{ emptyText: t("masters.empty") }}
      />
      {editing && (
        <MasterFormModal<CourseValues>
          formName="course"
          firstField="name"
          title={editing === "new" ? t("masters.addCourse") : t("masters.editCourse")}
          initialValues={editing === "new" ? {} : { name: editing.name, applicationFee: editing.applicationFee }}
          onClose={() => setEditing(undefined)}
          onSave={(values) =>
            save.mutateAsync(editing === "new" ? { values } : { id: editing.id, values: { ...values, isActive: editing.isActive ?? true } })
          }
        >
          <Form.Item
            name="name"
            label={t("masters.name")}
            rules={[zodRule(courseFields.name)]}
            extra={fixedName && t("masters.messages.fixedCourseName")}
          >
            <Input maxLength={MASTER_NAME_MAX_LENGTH} disabled={!!fixedName} autoComplete="off" />
          </Form.Item>
          <Form.Item name="applicationFee" label={t("masters.applicationFee")} rules={[zodRule(courseFields.applicationFee)]}>
            <InputNumber min={0} max={APPLICATION_FEE_MAX_RUPEES} precision={0} className="full-width" />
          </Form.Item>
        </MasterFormModal>
      )}
      {confirmHolder}
    </MasterList>
  );
}
