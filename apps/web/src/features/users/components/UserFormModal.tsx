import { ROLE_DEPARTMENT_ADMIN, isStaffRole, userFields, userMessages, type UserListItem } from "@admissions/shared";
import { Alert, Flex, Form, Input, Modal, Select, Typography, type FormInstance } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api-client";
import { useFocusBackOnClose } from "../../../lib/dialog-focus";
import { errorText } from "../../../lib/error-text";
import { zodRule } from "../../../lib/form-rules";
import { translateMessage } from "../../../lib/i18n";
import { asFieldErrors, messageInLanguage } from "../../../lib/in-language";
import { useAllCourses, useAllDegrees, useMasterName } from "../../../lib/masters";
import { useMessage } from "../../../lib/message";
import { useOneAtATime } from "../../../lib/one-at-a-time";
import { useCreateUser, useRoles, useUpdateUser } from "../api/users";
import { useRoleLabel } from "./role-label";

interface UserFormValues {
  userName: string;
  mobile: string;
  role?: string;
  degreeIds: number[];
}

const FORM_ID = "user-form";

/** A department admin looks after at least one degree. */
const degreesRule = {
  validator: async (_rule: unknown, value?: number[]) => {
    if (!value?.length) throw messageInLanguage(userMessages.degreesRequired);
  },
};

/** The server's field errors under their fields; an e-mail already taken belongs under the e-mail. */
function showServerErrors(form: FormInstance<UserFormValues>, error: unknown) {
  if (!(error instanceof ApiError)) return;
  const fieldErrors =
    error.status === 409 && error.message === userMessages.emailTaken ? [{ field: "userName", message: error.message }] : error.fieldErrors;
  const known = new Set(["userName", "mobile", "role", "degreeIds"]);
  form.setFields(
    fieldErrors
      .map((fieldError) => ({ ...fieldError, field: fieldError.field.split(".")[0]! }))
      .filter((fieldError) => known.has(fieldError.field))
      .map((fieldError) => ({ name: fieldError.field as keyof UserFormValues, errors: asFieldErrors(messageInLanguage(fieldError.message)) })),
  );
}

/**
 * Create a staff account (e-mail, mobile, role, a department admin's degrees) or change one's role
 * and degrees, in a dialog. A refusal keeps the dialog open with the server's message on top.
 */
export function UserFormModal({ user, onClose }: { user?: UserListItem; onClose: () => void }) {
  const { t } = useTranslation();
  useFocusBackOnClose();
  const message = useMessage();
  const [form] = Form.useForm<UserFormValues>();
  // The refusal itself, worded at each render so that it follows a change of language.
  const [failure, setFailure] = useState<unknown>();
  const roles = useRoles();
  const courses = useAllCourses();
  const degrees = useAllDegrees();
  const masterName = useMasterName();
  const roleLabel = useRoleLabel();
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const role = Form.useWatch("role", form);

  const sending = useOneAtATime();
  const save = async (values: UserFormValues) => {
    setFailure(undefined);
    try {
      const access = { role: values.role ?? "", degreeIds: values.degreeIds ?? [] };
      const answer = user
        ? await updateUser.mutateAsync({ id: user.id, isActive: user.isActive, ...access })
        : await createUser.mutateAsync({ userName: values.userName, mobile: values.mobile, ...access });
      void message.success(translateMessage(answer.message));
      onClose();
    } catch (error) {
      setFailure(error);
      showServerErrors(form, error);
    }
  };

  const roleOptions = (roles.data ?? []).filter((option) => isStaffRole(option.name)).map((option) => ({ value: option.name, label: roleLabel(option.name) }));
  // Degrees grouped under their course; a department admin may look after any of them.
  const degreeGroups = (courses.data ?? []).map((course) => ({
    label: masterName(course),
    title: masterName(course),
    options: (degrees.data ?? []).filter((degree) => degree.courseId === course.id).map((degree) => ({ value: degree.id, label: masterName(degree) })),
  }));

  return (
    <Modal
      open
      title={user ? t("users.editUser", { userName: user.userName }) : t("users.createTitle")}
      onCancel={onClose}
      okText={user ? t("users.save") : t("users.create")}
      cancelText={t("users.cancel")}
      // A real submit button of the form, so Enter in a field saves too.
      okButtonProps={{ htmlType: "submit", form: FORM_ID }}
      confirmLoading={sending.busy}
      destroyOnHidden
    >
      <Flex vertical gap="middle">
        {failure !== undefined && <Alert type="error" showIcon title={errorText(failure, t)} role="alert" />}
        {!user && <Typography.Paragraph>{t("users.createHint")}</Typography.Paragraph>}
        <Form<UserFormValues>
          form={form}
          name={FORM_ID}
          layout="vertical"
          requiredMark={false}
          initialValues={user ? { role: user.role, degreeIds: user.degreeIds } : { degreeIds: [] }}
          onFinish={(values) => void sending.run(() => save(values))}
        >
          {!user && (
            <>
              <Form.Item name="userName" label={t("users.email")} rules={[zodRule(userFields.userName)]}>
                <Input type="email" autoComplete="off" inputMode="email" autoFocus />
              </Form.Item>
              <Form.Item name="mobile" label={t("users.mobile")} rules={[zodRule(userFields.mobile)]}>
                <Input type="tel" autoComplete="off" inputMode="tel" maxLength={16} />
              </Form.Item>
            </>
          )}
          <Form.Item name="role" label={t("users.role")} rules={[zodRule(userFields.staffRole)]}>
            <Select options={roleOptions} loading={roles.isPending} />
          </Form.Item>
          {role === ROLE_DEPARTMENT_ADMIN && (
            <Form.Item
              name="degreeIds"
              label={t("users.degrees")}
              extra={t("users.degreesHint")}
              rules={[degreesRule]}
            >
              <Select mode="multiple" options={degreeGroups} loading={degrees.isPending} showSearch={{ optionFilterProp: "label" }} />
            </Form.Item>
          )}
        </Form>
      </Flex>
    </Modal>
  );
}
