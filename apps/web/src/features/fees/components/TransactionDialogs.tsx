import { receiptCancellationSchema, refundRecordSchema, type Envelope, type FeeTransaction } from "@admissions/shared";
import { Alert, Form, Input, Modal, Typography } from "antd";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { useFocusBackOnClose } from "../../../lib/dialog-focus";
import { errorText } from "../../../lib/error-text";
import { zodRule } from "../../../lib/form-rules";
import { translateMessage } from "../../../lib/i18n";
import { useMessage } from "../../../lib/message";
import { useOneAtATime } from "../../../lib/one-at-a-time";
import { useCancelReceipt, useRecordRefund } from "../api/fees";
import { feeModeName, formatRupees } from "../lib/fee-terms";

/** A payment as a dialog names it: who paid, how much, how and under which reference. */
type PaymentNamed = Pick<FeeTransaction, "name" | "amount" | "mode" | "reference">;

interface OneFieldDialogProps {
  title: string;
  /** The payment the dialog acts on, as its row showed it. */
  payment: PaymentNamed;
  field: { name: string; label: string; hint: string; schema: z.ZodType; maxLength: number; multiline?: boolean };
  okText: string;
  cancelText: string;
  /** The action cannot be taken back: its button is red. */
  danger?: boolean;
  send: (value: string) => Promise<Envelope<unknown>>;
  onClose: () => void;
}

/**
 * A staff action on one transaction that takes one typed value (a refund's reference, a cancellation's
 * reason): sent once, the server's notice shown on success, a refusal kept in the open dialog.
 */
function OneFieldDialog({ title, payment, field, okText, cancelText, danger, send, onClose }: OneFieldDialogProps) {
  const { t } = useTranslation();
  const focusBack = useFocusBackOnClose();
  const message = useMessage();
  const [form] = Form.useForm<Record<string, string>>();
  // The refusal itself, worded at each render so that it follows a change of language.
  const [failure, setFailure] = useState<unknown>();

  const sending = useOneAtATime();
  const save = async (values: Record<string, string>) => {
    try {
      const answer = await send(values[field.name]!);
      void message.success(translateMessage(answer.message));
      // The row's button goes with what was done (the row leaves the list, or says it is done).
      focusBack.toRegion();
      onClose();
    } catch (error) {
      setFailure(error);
    }
  };
  const input: ReactNode = field.multiline ? <Input.TextArea rows={3} maxLength={field.maxLength} /> : <Input maxLength={field.maxLength} autoComplete="off" />;

  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={okText}
      cancelText={cancelText}
      okButtonProps={{ danger }}
      confirmLoading={sending.busy}
      destroyOnHidden
      afterOpenChange={(open) => open && form.focusField(field.name)}
    >
      {failure !== undefined && <Alert type="error" showIcon title={errorText(failure, t)} role="alert" />}
      <Typography.Paragraph>
        {payment.name} · {formatRupees(payment.amount)} · {payment.mode ? feeModeName(t, payment.mode) : "-"} · {payment.reference ?? "-"}
      </Typography.Paragraph>
      <Form form={form} name={field.name} layout="vertical" requiredMark={false} onFinish={(values) => void sending.run(() => save(values))}>
        <Form.Item name={field.name} label={field.label} extra={field.hint} rules={[zodRule(field.schema)]}>
          {input}
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * Staff record that a payment to refund was given back, with the reference the money went back
 * under; the list then shows it Refunded.
 */
export function RefundDialog({ transaction, onClose }: { transaction: FeeTransaction & { orderId: string }; onClose: () => void }) {
  const { t } = useTranslation();
  const recordRefund = useRecordRefund();
  return (
    <OneFieldDialog
      title={t("fees.transactions.refunds.recordOf", { orderId: transaction.orderId })}
      payment={transaction}
      field={{ name: "reference", label: t("fees.transactions.refunds.reference"), hint: t("fees.transactions.refunds.referenceHint"), schema: refundRecordSchema.shape.reference, maxLength: 100 }}
      okText={t("fees.transactions.refunds.save")}
      cancelText={t("fees.transactions.refunds.cancel")}
      send={(reference) => recordRefund.mutateAsync({ orderId: transaction.orderId, refund: { reference } })}
      onClose={onClose}
    />
  );
}

/**
 * Staff cancel a fee recorded at the office by mistake, saying why: the payment leaves the money
 * held, and the term is due again.
 */
export function CancelReceiptDialog({ payment, onClose }: { payment: PaymentNamed & { receiptNo: string }; onClose: () => void }) {
  const { t } = useTranslation();
  const cancelReceipt = useCancelReceipt();
  return (
    <OneFieldDialog
      title={t("fees.transactions.cancellations.title", { receiptNo: payment.receiptNo })}
      payment={payment}
      field={{
        name: "reason",
        label: t("fees.transactions.cancellations.reason"),
        hint: t("fees.transactions.cancellations.reasonHint"),
        schema: receiptCancellationSchema.shape.reason,
        maxLength: 500,
        multiline: true,
      }}
      okText={t("fees.transactions.cancellations.confirm")}
      cancelText={t("fees.transactions.cancellations.keep")}
      danger
      send={(reason) => cancelReceipt.mutateAsync({ receiptNo: payment.receiptNo, cancellation: { reason } })}
      onClose={onClose}
    />
  );
}
