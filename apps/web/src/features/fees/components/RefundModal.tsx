import { refundRecordSchema, type FeeTransaction } from "@admissions/shared";
import { Alert, Form, Input, Modal, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFocusBackOnClose } from "../../../lib/dialog-focus";
import { errorText } from "../../../lib/error-text";
import { zodRule } from "../../../lib/form-rules";
import { translateMessage } from "../../../lib/i18n";
import { useMessage } from "../../../lib/message";
import { useOneAtATime } from "../../../lib/one-at-a-time";
import { useRecordRefund } from "../api/fees";
import { formatRupees } from "../lib/fee-terms";

/**
 * Staff record that a payment to refund was given back, with the reference the money went back
 * under; the list then shows it Refunded. A refusal keeps the dialog open with the server's words.
 */
export function RefundModal({ transaction, onClose }: { transaction: FeeTransaction & { orderId: string }; onClose: () => void }) {
  const { t } = useTranslation();
  useFocusBackOnClose();
  const message = useMessage();
  const [form] = Form.useForm<{ reference: string }>();
  const recordRefund = useRecordRefund();
  const [failure, setFailure] = useState<string>();

  const sending = useOneAtATime();
  const save = async ({ reference }: { reference: string }) => {
    try {
      const answer = await recordRefund.mutateAsync({ orderId: transaction.orderId, refund: { reference } });
      void message.success(translateMessage(answer.message));
      onClose();
    } catch (error) {
      setFailure(errorText(error, t));
    }
  };

  return (
    <Modal
      open
      title={t("fees.transactions.refunds.recordOf", { orderId: transaction.orderId })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t("fees.transactions.refunds.save")}
      cancelText={t("fees.transactions.refunds.cancel")}
      confirmLoading={sending.busy}
      destroyOnHidden
      afterOpenChange={(open) => open && form.focusField("reference")}
    >
      {failure && <Alert type="error" showIcon title={failure} role="alert" />}
      <Typography.Paragraph>
        {transaction.name} · {formatRupees(transaction.amount)} · {transaction.reference ?? "-"}
      </Typography.Paragraph>
      <Form form={form} name="refund" layout="vertical" requiredMark={false} onFinish={(values) => void sending.run(() => save(values))}>
        <Form.Item name="reference" label={t("fees.transactions.refunds.reference")} extra={t("fees.transactions.refunds.referenceHint")} rules={[zodRule(refundRecordSchema.shape.reference)]}>
          <Input maxLength={100} autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
