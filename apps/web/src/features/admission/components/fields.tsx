import type { admissionFields } from "@admissions/shared";
import { Col, Form, Input, Radio, type FormItemProps, type InputProps } from "antd";
import type { Rule } from "antd/es/form";
import { useImperativeHandle, useRef, type ReactNode, type Ref } from "react";
import { useTranslation } from "react-i18next";
import { lazyZodRule } from "../../../lib/form-rules";

export type AdmissionFieldName = keyof typeof admissionFields;

/** The shared check of one of the form's fields, with zod fetched for the first check (lib/schemas.ts). */
export function admissionRule(name: AdmissionFieldName): Rule {
  return lazyZodRule(() => import("../lib/schemas").then((schemas) => schemas.admissionFields[name]));
}

/** One labelled field in the form's responsive grid, checked by its shared rule. */
export function Field({
  name,
  label,
  rule,
  children,
  wide,
  ...itemProps
}: {
  name: FormItemProps["name"];
  label: string;
  rule?: AdmissionFieldName;
  children: ReactNode;
  wide?: boolean;
} & Omit<FormItemProps, "name" | "label" | "rules" | "children">) {
  return (
    <Col xs={24} md={wide ? 24 : 12} lg={wide ? 24 : 8}>
      <Form.Item name={name} label={label} rules={rule ? [admissionRule(rule)] : undefined} {...itemProps}>
        {children}
      </Form.Item>
    </Col>
  );
}

/**
 * An Input with a line of help under it, tied to it by aria-describedby. Form.Item's own `extra`
 * measures its help's height in a layout effect, which made the browser lay out the whole step
 * inside the task that first draws it (docs/PERFORMANCE.md, twentieth round); this one is laid out
 * with the next frame. Form.Item gives it the field's id, value and describedby for the errors.
 */
export function InputWithHint({ hint, ...inputProps }: InputProps & { hint: string }) {
  const hintId = `${inputProps.id}_hint`;
  const describedBy = [inputProps["aria-describedby"], hintId].filter(Boolean).join(" ");
  return (
    <>
      <Input {...inputProps} aria-describedby={describedBy} />
      <div id={hintId} className="hint-text field-hint">
        {hint}
      </div>
    </>
  );
}

interface ChoiceButtonsProps {
  value?: string;
  onChange?: (value: string) => void;
  label: string;
  id?: string;
  ref?: Ref<{ focus: () => void }>;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}

/**
 * Radio buttons big enough for a thumb. Form.Item gives them the field's id and its error's aria
 * attributes, and a ref through which the form focuses a field it scrolls to (a question left
 * unanswered, at Next): the group is no input for a label to focus, so the chosen button, or else
 * the first, takes the focus.
 */
export function ChoiceButtons({
  value,
  onChange,
  label,
  id,
  ref,
  "aria-invalid": invalid,
  "aria-describedby": describedBy,
  options,
}: ChoiceButtonsProps & { options: { value: string; label: string }[] }) {
  const group = useRef<HTMLDivElement>(null);
  useImperativeHandle(ref, () => ({ focus: () => group.current?.querySelector<HTMLInputElement>("input:checked, input")?.focus() }), []);
  return (
    <Radio.Group
      ref={group}
      id={id}
      value={value}
      onChange={(event) => onChange?.(event.target.value as string)}
      aria-label={label}
      aria-invalid={invalid}
      aria-describedby={describedBy}
      optionType="button"
      options={options}
    />
  );
}

/** SPEC.md's yes/no questions. */
export function YesNo(props: ChoiceButtonsProps) {
  const { t } = useTranslation();
  return (
    <ChoiceButtons
      {...props}
      options={[
        { value: "yes", label: t("admission.yes") },
        { value: "no", label: t("admission.no") },
      ]}
    />
  );
}

/** Select options from a reference list, shown as they are stored. */
export function optionsOf(values: readonly (string | number)[]) {
  return values.map((value) => ({ value, label: String(value) }));
}

type FieldPath = NonNullable<FormItemProps["name"]>;

/** The value at `path` in the form's values, as Form.Item names a field: a key or a list of keys. */
function valueAt(values: unknown, path: FieldPath): unknown {
  return [path].flat().reduce<unknown>((value, key) => (value as Record<string | number, unknown> | undefined)?.[key], values);
}

/**
 * Its children drawn with the form's values of `fields`, and drawn again when one of them changes,
 * not the rest of the form. The values are read while drawing: Form.useWatch's value starts empty and
 * arrives from an effect after mounting, so with a restored application everything that watched an
 * answer drew twice, the second time inside the task that first shows the step (docs/PERFORMANCE.md,
 * twenty-sixth round).
 */
export function WithFormValues({ fields, children }: { fields: FieldPath[]; children: (values: unknown[]) => ReactNode }) {
  return (
    <Form.Item noStyle shouldUpdate={(before, after) => fields.some((field) => valueAt(before, field) !== valueAt(after, field))}>
      {(form) => children(fields.map((field) => form.getFieldValue(field) as unknown))}
    </Form.Item>
  );
}

/** Its children while the answer to `field` is `answer`. */
export function ShownWhen({ field, answer, children }: { field: FieldPath; answer: string; children: ReactNode }) {
  return <WithFormValues fields={[field]}>{([value]) => (value === answer ? children : null)}</WithFormValues>;
}
