import { studentFields, studentMessages, studentStatuses, studentYears, type Student, type StudentDetail, type StudentStatus } from "@admissions/shared";
import { Alert, Flex, Form, Input, Modal, Select, Typography, type FormInstance } from "antd";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CourseAndDegree } from "../../../components/CourseAndDegree";
import { ApiError } from "../../../lib/api-client";
import { useFocusBackOnClose } from "../../../lib/dialog-focus";
import { zodRule } from "../../../lib/form-rules";
import { asFieldErrors, inLanguage } from "../../../lib/in-language";
import { useCourses, useDegreeInScope, useDegrees } from "../../../lib/masters";
import { useMessage } from "../../../lib/message";
import { useOneAtATime } from "../../../lib/one-at-a-time";
import { useUpdateStudent } from "../api/students";
import { studentErrorText, studentMessageText } from "./student-display";

interface StudentEditValues {
  name: string;
  mobile: string;
  currentYear: number;
  status: StudentStatus;
  /** Only in the form while the e-mail may be corrected. */
  email?: string;
  /** Only in the form for an imported student. */
  admissionNo?: string;
  /** Only in the form while the degree may be corrected. */
  degreeId?: number;
}

/** What the student's page says an edit may correct of an imported student's record. */
export type Corrections = Pick<StudentDetail, "emailCorrectable" | "admissionNoCorrectable" | "degreeCorrectable">;

const FORM_ID = "student-edit-form";
const editableFields = new Set<string>(["name", "mobile", "currentYear", "status", "email", "admissionNo", "degreeId"]);

/** The server's field errors under their fields (the course is not in the form: it follows the degree). */
function showServerErrors(form: FormInstance<StudentEditValues>, error: unknown) {
  if (!(error instanceof ApiError)) return;
  form.setFields(
    error.fieldErrors
      .filter((fieldError) => editableFields.has(fieldError.field))
      .map((fieldError) => ({ name: fieldError.field as keyof StudentEditValues, errors: asFieldErrors(inLanguage((t) => studentMessageText(fieldError.message, t))) })),
  );
}

function editValuesOf(student: Student): StudentEditValues {
  return {
    name: student.name,
    mobile: student.mobile,
    currentYear: student.currentYear,
    status: student.status as StudentStatus,
    email: student.email,
    admissionNo: student.admissionNo,
    degreeId: student.degreeId,
  };
}

/**
 * The open degrees a staff member looks after, grouped by course, for an imported student's degree:
 * the course follows the degree chosen. (The master data is the staff screens' own, read once.)
 */
function useDegreeChoices() {
  const courses = useCourses();
  const degrees = useDegrees();
  const inScope = useDegreeInScope();
  const options = (courses.data ?? []).map((course) => ({
    label: course.name,
    title: course.name,
    options: (degrees.data ?? []).filter((degree) => degree.courseId === course.id && inScope(degree)).map((degree) => ({ value: degree.id, label: degree.name })),
  }));
  // The chosen degree is shown with its course, as the list shows it under its course: two courses
  // may have degrees of one name.
  const courseOf = new Map(options.flatMap((group) => group.options.map((option) => [option.value, group.label] as const)));
  const labelRender = ({ value, label }: { value: string | number; label?: ReactNode }) => {
    const course = courseOf.get(Number(value));
    return course ? <CourseAndDegree course={course} degree={String(label)} /> : label;
  };
  return { options, labelRender, loading: courses.isPending || degrees.isPending };
}

/**
 * Changes a student's name, mobile, current year and status in a dialog, and what the import file may
 * have had wrong (`corrections`): an imported student's admission number, their e-mail while nobody
 * has signed in with it, their degree while no fee was paid or begun. A refusal keeps the dialog open
 * with the server's message on top.
 *
 * The save names the record it was made over (`updatedAt`). When someone changed the student
 * meanwhile, the server refuses it and the page reads the record again: the fields not touched here
 * take the new values, those typed here keep them, and the next save is made over the new record.
 */
export function StudentEditModal({ student, corrections, onClose }: { student: Student; corrections: Corrections; onClose: () => void }) {
  const { t } = useTranslation();
  useFocusBackOnClose();
  const message = useMessage();
  const [form] = Form.useForm<StudentEditValues>();
  // The refusal itself, worded at each render so that it follows a change of language.
  const [failure, setFailure] = useState<unknown>();
  const updateStudent = useUpdateStudent();
  const degreeChoices = useDegreeChoices();

  const shownRecord = useRef(student.updatedAt);
  useEffect(() => {
    if (shownRecord.current === student.updatedAt) return;
    shownRecord.current = student.updatedAt;
    const latest = editValuesOf(student);
    const untouched = (Object.keys(latest) as (keyof StudentEditValues)[]).filter((field) => !form.isFieldTouched(field));
    form.setFieldsValue(Object.fromEntries(untouched.map((field) => [field, latest[field]])));
  }, [student, form]);

  const sending = useOneAtATime();
  const save = async (values: StudentEditValues) => {
    setFailure(undefined);
    try {
      await updateStudent.mutateAsync({ id: student.id, ...values, updatedAt: student.updatedAt });
      void message.success(t("students.messages.updated"));
      onClose();
    } catch (error) {
      setFailure(error);
      showServerErrors(form, error);
    }
  };

  return (
    <Modal
      open
      title={t("students.editTitle", { name: student.name })}
      onCancel={onClose}
      okText={t("students.save")}
      cancelText={t("students.cancel")}
      // A real submit button of the form, so Enter in a field saves too.
      okButtonProps={{ htmlType: "submit", form: FORM_ID }}
      confirmLoading={sending.busy}
      destroyOnHidden
    >
      <Flex vertical gap="middle">
        {failure !== undefined && <Alert type="error" showIcon title={studentErrorText(failure, t)} role="alert" />}
        {!corrections.degreeCorrectable && (
          <Typography.Paragraph>{t(corrections.admissionNoCorrectable ? "students.editHintImported" : "students.editHint")}</Typography.Paragraph>
        )}
        <Form<StudentEditValues>
          form={form}
          name={FORM_ID}
          layout="vertical"
          requiredMark={false}
          initialValues={editValuesOf(student)}
          onFinish={(values) => void sending.run(() => save(values))}
        >
          <Form.Item name="name" label={t("students.name")} extra={t("admission.nameHint")} rules={[zodRule(studentFields.name)]}>
            <Input autoComplete="off" autoFocus />
          </Form.Item>
          <Form.Item name="mobile" label={t("students.mobile")} rules={[zodRule(studentFields.mobile)]}>
            <Input type="tel" autoComplete="off" inputMode="tel" maxLength={16} />
          </Form.Item>
          {corrections.admissionNoCorrectable && (
            <Form.Item name="admissionNo" label={t("students.admissionNo")} extra={t("students.admissionNoHint")} rules={[zodRule(studentFields.admissionNo)]}>
              <Input autoComplete="off" maxLength={40} />
            </Form.Item>
          )}
          {corrections.degreeCorrectable && (
            <Form.Item name="degreeId" label={t("students.courseAndDegree")} extra={t("students.degreeHint")} rules={[{ required: true, message: inLanguage((t) => studentMessageText(studentMessages.degreeInvalid, t)) }]}>
              <Select showSearch={{ optionFilterProp: "label" }} options={degreeChoices.options} labelRender={degreeChoices.labelRender} loading={degreeChoices.loading} />
            </Form.Item>
          )}
          {corrections.emailCorrectable && (
            <Form.Item name="email" label={t("students.email")} extra={t("students.emailHint")} rules={[zodRule(studentFields.email)]}>
              <Input type="email" autoComplete="off" inputMode="email" />
            </Form.Item>
          )}
          <Form.Item name="currentYear" label={t("students.currentYear")} rules={[{ required: true, message: inLanguage((t) => t("students.messages.yearInvalid")) }]}>
            <Select options={studentYears.map((year) => ({ value: year, label: t("students.yearN", { year }) }))} />
          </Form.Item>
          <Form.Item name="status" label={t("students.status")} rules={[{ required: true, message: inLanguage((t) => t("students.messages.statusInvalid")) }]}>
            <Select options={studentStatuses.map((status) => ({ value: status, label: t(`students.statuses.${status}`) }))} />
          </Form.Item>
        </Form>
      </Flex>
    </Modal>
  );
}
