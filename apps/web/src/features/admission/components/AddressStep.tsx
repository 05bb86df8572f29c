import { digitsOnly, districtsOf, mobileDigits, stateNames, upperText } from "@admissions/shared";
import { Form, Input, Row, Select, type SelectProps } from "antd";
import { useTranslation } from "react-i18next";
import { Field, WithFormValues, optionsOf } from "./fields";

/** Step 2: the postal address and the numbers the college calls. */
export function AddressStep() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();

  return (
    <Row gutter={16}>
      <Field name={["addressDetails", "doorNo"]} label={`${t("admission.doorNo")} ${t("admission.optional")}`} normalize={upperText}>
        <Input autoComplete="address-line1" />
      </Field>
      <Field name={["addressDetails", "streetName"]} label={t("admission.streetName")} rule="streetName" normalize={upperText}>
        <Input autoComplete="address-line2" />
      </Field>
      <Field name={["addressDetails", "village"]} label={t("admission.village")} rule="village" normalize={upperText}>
        <Input autoComplete="address-level3" />
      </Field>
      <Field name={["addressDetails", "post"]} label={t("admission.post")} rule="post" normalize={upperText}>
        <Input />
      </Field>
      <Field name={["addressDetails", "taluk"]} label={t("admission.taluk")} rule="taluk" normalize={upperText}>
        <Input />
      </Field>
      <Field name={["addressDetails", "state"]} label={t("admission.state")} rule="state">
        <Select
          showSearch={{ optionFilterProp: "label" }}
          options={optionsOf(stateNames)}
          onChange={() => form.setFieldValue(["addressDetails", "district"], undefined)}
        />
      </Field>
      <WithFormValues fields={[["addressDetails", "state"]]}>
        {([state]) => (
          <Field name={["addressDetails", "district"]} label={t("admission.district")} rule="district">
            <DistrictSelect state={state as string | undefined} />
          </Field>
        )}
      </WithFormValues>
      {/* The lengths leave room for the spaces, dashes and +91 people paste with a number; the field keeps its digits. */}
      <Field name={["addressDetails", "pincode"]} label={t("admission.pincode")} rule="pincode" normalize={digitsOnly}>
        <Input inputMode="numeric" maxLength={7} autoComplete="postal-code" />
      </Field>
      <Field name="whatsappNo" label={t("admission.whatsappNo")} rule="whatsappNo" normalize={mobileDigits}>
        <Input type="tel" inputMode="numeric" maxLength={16} autoComplete="tel-national" />
      </Field>
      <Field name="fatherNo" label={t("admission.fatherNo")} rule="fatherNo" normalize={mobileDigits}>
        <Input type="tel" inputMode="numeric" maxLength={16} />
      </Field>
      <Field name="motherNo" label={`${t("admission.motherNo")} ${t("admission.optional")}`} rule="motherNo" normalize={mobileDigits}>
        <Input type="tel" inputMode="numeric" maxLength={16} />
      </Field>
      <Field name="email" label={t("admission.email")} rule="email">
        <Input type="email" inputMode="email" autoComplete="email" />
      </Field>
    </Row>
  );
}

/** The districts of the chosen state, none until a state is chosen; Form.Item gives it its value and onChange. */
function DistrictSelect({ state, ...selectProps }: SelectProps & { state: string | undefined }) {
  return <Select {...selectProps} showSearch={{ optionFilterProp: "label" }} disabled={!state} options={optionsOf(state ? districtsOf(state) : [])} />;
}
