import { feeAmountField, feeCodeField, feeStructureTerms, feeStructureYears, rupeesToPaise, type Degree, type FeeTerm } from "@admissions/shared";
import { Alert, Button, Col, Form, Input, Modal, Row, Spin, Typography, type FormInstance } from "antd";
import type { Rule } from "antd/es/form";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFocusBackOnClose } from "../../../lib/dialog-focus";
import { errorText } from "../../../lib/error-text";
import { inLanguage, messageInLanguage } from "../../../lib/in-language";
import { useMessage } from "../../../lib/message";
import { useOneAtATime } from "../../../lib/one-at-a-time";
import { useFeeStructure, useSaveFeeStructure } from "../api/masters";
import { showFieldErrors } from "./form-errors";

/** The six rows of a structure, in order: year 1 term 1, year 1 term 2, ... year 3 term 2. */
const slots = feeStructureYears.flatMap((year) => feeStructureTerms.map((term) => ({ year, term })));

interface SlotValues {
  amount?: string;
  feeCode?: string;
}
interface FeeStructureValues {
  rows: SlotValues[];
}

const isBlank = (value: string | undefined) => !value?.trim();

function valuesOf(terms: FeeTerm[]): FeeStructureValues {
  return {
    rows: slots.map(({ year, term }) => {
      const saved = terms.find((row) => row.year === year && row.term === term);
      return saved ? { amount: saved.amount.toFixed(2), feeCode: saved.feeCode } : { amount: "", feeCode: "" };
    }),
  };
}

/** A row is left out when both boxes are empty; one without the other is an error. */
function slotRule(
  form: FormInstance<FeeStructureValues>,
  index: number,
  field: keyof SlotValues,
  check: typeof feeAmountField | typeof feeCodeField,
): Rule {
  const other: keyof SlotValues = field === "amount" ? "feeCode" : "amount";
  return {
    validator: async (_rule, value: string | undefined) => {
      const otherValue = form.getFieldValue(["rows", index, other]) as string | undefined;
      if (isBlank(value) && isBlank(otherValue)) return;
      if (isBlank(value)) throw inLanguage((t) => t("masters.rowIncomplete"));
      const result = check.safeParse(value);
      if (!result.success) throw messageInLanguage(result.error.issues[0]?.message ?? "");
    },
  };
}

/**
 * A degree's fee structure: year 1-3 by term 1-2, amount in rupees and fee code, saved all at once.
 * Admins edit it; other staff read it.
 */
export function FeeStructureModal({ degree, canEdit, onClose }: { degree: Degree; canEdit: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  useFocusBackOnClose();
  const structure = useFeeStructure(degree.id);
  return (
    <Modal
      open
      title={t("masters.feeStructureOf", { name: degree.name })}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={640}
    >
      {structure.error ? (
        <Alert type="error" showIcon role="alert" title={errorText(structure.error, t)} />
      ) : structure.data ? (
        <FeeStructureForm degree={degree} terms={structure.data} canEdit={canEdit} onClose={onClose} />
      ) : (
        <Spin>
          <span className="visually-hidden">{t("common.loading")}</span>
        </Spin>
      )}
    </Modal>
  );
}

function FeeStructureForm({ degree, terms, canEdit, onClose }: { degree: Degree; terms: FeeTerm[]; canEdit: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const [form] = Form.useForm<FeeStructureValues>();
  const save = useSaveFeeStructure(degree.id);
  const sending = useOneAtATime();
  // The refusal itself, worded at each render so that it follows a change of language.
  const [failure, setFailure] = useState<unknown>();
  const rows = Form.useWatch("rows", form) as SlotValues[] | undefined;
  const totalPaise = (rows ?? []).reduce((sum, row) => sum + (rupeesToPaise(row?.amount) ?? 0), 0);

  const submit = async ({ rows: values }: FeeStructureValues) => {
    // Validation has passed, so a row with an amount has its fee code too.
    const filled = slots.flatMap((slot, index) => {
      const { amount, feeCode } = values[index] ?? {};
      return isBlank(amount) ? [] : [{ ...slot, index, amount: amount!.trim(), feeCode: feeCode!.trim() }];
    });
    setFailure(undefined);
    try {
      await save.mutateAsync({ terms: filled.map(({ index: _index, ...term }) => term) });
      void message.success(t("notices.saved"));
      onClose();
    } catch (error) {
      setFailure(error);
      // The server numbers the rows it was sent; the form has all six.
      showFieldErrors(form, error, ([, position, field]) => {
        const row = typeof position === "number" ? filled[position] : undefined;
        return row && typeof field === "string" ? ["rows", row.index, field] : undefined;
      });
    }
  };

  return (
    <Form<FeeStructureValues> form={form} layout="vertical" initialValues={valuesOf(terms)} onFinish={(values) => void sending.run(() => submit(values))} disabled={!canEdit}>
      <Typography.Paragraph type="secondary">{t("masters.feeStructureHint")}</Typography.Paragraph>
      {failure !== undefined && <Alert type="error" showIcon role="alert" title={errorText(failure, t)} className="master-notes" />}
      {slots.map(({ year, term }, index) => (
        <fieldset key={`${year}-${term}`} className="fee-term">
          <legend>{t("masters.yearTerm", { year, term })}</legend>
          <Row gutter={12}>
            <Col xs={24} sm={12}>
              <Form.Item
                name={["rows", index, "amount"]}
                label={t("masters.amount")}
                dependencies={[["rows", index, "feeCode"]]}
                rules={[slotRule(form, index, "amount", feeAmountField)]}
              >
                <Input inputMode="decimal" autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item
                name={["rows", index, "feeCode"]}
                label={t("masters.feeCode")}
                dependencies={[["rows", index, "amount"]]}
                rules={[slotRule(form, index, "feeCode", feeCodeField)]}
              >
                <Input maxLength={30} autoComplete="off" />
              </Form.Item>
            </Col>
          </Row>
        </fieldset>
      ))}
      <Typography.Paragraph strong>{t("masters.total", { total: (totalPaise / 100).toFixed(2) })}</Typography.Paragraph>
      <div className="master-actions">
        {/* The form is disabled for readers; closing it is not. */}
        <Button onClick={onClose} disabled={false}>
          {t("masters.cancel")}
        </Button>
        {canEdit && (
          <Button type="primary" htmlType="submit" loading={sending.busy}>
            {t("masters.save")}
          </Button>
        )}
      </div>
    </Form>
  );
}
