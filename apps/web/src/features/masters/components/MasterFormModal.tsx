import { Alert, Form, Modal } from "antd";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useFocusBackOnClose } from "../../../lib/dialog-focus";
import { errorText } from "../../../lib/error-text";
import { useMessage } from "../../../lib/message";
import { useOneAtATime } from "../../../lib/one-at-a-time";
import { showFieldErrors } from "./form-errors";

/**
 * Add or edit one course or degree in a dialog: saves, says so and closes, or keeps the dialog open
 * with the server's message on top and its field errors under the fields.
 */
export function MasterFormModal<Values extends object>({
  formName,
  firstField,
  title,
  initialValues,
  onSave,
  onClose,
  children,
}: {
  /** Prefixes the fields' ids, so they stay unique on the page. */
  formName: string;
  /** The field the dialog opens on, rather than its close button. */
  firstField: keyof Values & string;
  title: string;
  initialValues: Partial<Values>;
  onSave: (values: Values) => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  useFocusBackOnClose();
  const message = useMessage();
  const [form] = Form.useForm<Values>();
  const sending = useOneAtATime();
  // The refusal itself, worded at each render so that it follows a change of language.
  const [failure, setFailure] = useState<unknown>();

  const save = async (values: Values) => {
    setFailure(undefined);
    try {
      await onSave(values);
      void message.success(t("notices.saved"));
      onClose();
    } catch (error) {
      setFailure(error);
      showFieldErrors(form, error);
    }
  };

  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t("masters.save")}
      cancelText={t("masters.cancel")}
      confirmLoading={sending.busy}
      destroyOnHidden
      afterOpenChange={(open) => open && form.focusField(firstField)}
    >
      {failure !== undefined && <Alert type="error" showIcon title={errorText(failure, t)} role="alert" className="master-notes" />}
      <Form<Values> form={form} name={formName} layout="vertical" initialValues={initialValues} onFinish={(values) => void sending.run(() => save(values))}>
        {children}
      </Form>
    </Modal>
  );
}
