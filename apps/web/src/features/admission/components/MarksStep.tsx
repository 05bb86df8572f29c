import {
  boardsOfStudy,
  cleanMark,
  digitsOnly,
  examPassedOptions,
  higherSecondarySubjects,
  isRepeatedSubject,
  isUnderGraduate,
  languageOneSubjects,
  languageTwoSubjects,
  markRowLabels,
  markTotals,
  maxMarkInTweleveOptions,
  mediumsOfStudy,
  tweleveStatuses,
  upperText,
} from "@admissions/shared";
import { Col, Form, Input, Row, Select, Statistic, Typography, type FormRule } from "antd";
import type { ReactElement } from "react";
import { useTranslation } from "react-i18next";
import { choiceOptions } from "../../../lib/choice-labels";
import { inLanguage } from "../../../lib/in-language";
import { Field, ShownWhen, WithFormValues, YesNo, admissionRule, optionsOf } from "./fields";

/**
 * A row's marks are at most its max marks, checked as the row is filled in (and again when a change
 * of the HSC maximum changes the row's), not only when the whole form is sent.
 */
const withinRowMaxMark =
  (row: number, message: ReactElement): FormRule =>
  ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      const maxMark = Number(getFieldValue(["marksDetails", row, "maxMark"]));
      if (value !== undefined && value !== "" && Number(value) > maxMark) throw message;
    },
  });

/** A subject chosen in an earlier row of the HSC's own, checked as it is chosen (the server checks it again). */
const notRepeatedSubject =
  (row: number, message: ReactElement): FormRule =>
  ({ getFieldValue }) => ({
    validator: async () => {
      const rows = (getFieldValue("marksDetails") as { subject?: string }[] | undefined) ?? [];
      if (isRepeatedSubject(rows.map((each) => each?.subject), row)) throw message;
    },
  });

const subjectsForRow = (index: number) => (index === 0 ? languageOneSubjects : index === 1 ? languageTwoSubjects : higherSecondarySubjects);

/**
 * Step 3: the qualifying exam (school for UG, degree for PG) and, once the HSC is passed, its marks.
 * The course is the form's, chosen in step 1; what follows an answer here reads it through
 * `WithFormValues` (`ShownWhen`, the totals), so a mark typed draws the totals again, not the step.
 */
export function MarksStep({ course, children }: { course: string | undefined; children?: React.ReactNode }) {
  const { t } = useTranslation();
  const ug = isUnderGraduate(course);
  const mediums = choiceOptions(t, "mediumOfStudy", mediumsOfStudy);
  const examsPassed = choiceOptions(t, "examPassed", examPassedOptions);
  const boards = choiceOptions(t, "boardOfStudy", boardsOfStudy);

  if (!ug) {
    return (
      <Row gutter={16}>
        <Field name={["examDetails", "nameOfDegree"]} label={t("admission.nameOfDegree")} rule="examText" normalize={upperText}>
          <Input />
        </Field>
        <Field name={["examDetails", "mainSubject"]} label={t("admission.mainSubject")} rule="examText" normalize={upperText}>
          <Input />
        </Field>
        <Field name={["examDetails", "mediumOfStudy"]} label={t("admission.mediumOfStudy")} rule="examText">
          <Select options={mediums} />
        </Field>
        <Field name={["examDetails", "universityName"]} label={t("admission.universityName")} rule="examText" normalize={upperText}>
          <Input />
        </Field>
        <Field name={["examDetails", "collegeName"]} label={t("admission.collegeName")} rule="examText" normalize={upperText}>
          <Input />
        </Field>
        <Field name={["examDetails", "collegePlace"]} label={t("admission.collegePlace")} rule="examText" normalize={upperText}>
          <Input />
        </Field>
        <Field name={["examDetails", "yearOfStudy"]} label={t("admission.yearOfStudy")} rule="passingYear" normalize={digitsOnly}>
          <Input inputMode="numeric" maxLength={4} />
        </Field>
        {children}
      </Row>
    );
  }

  return (
    <Row gutter={16}>
      <Field name={["examDetails", "examPassed"]} label={t("admission.examPassed")} rule="examText">
        <Select options={examsPassed} />
      </Field>
      <Field name={["examDetails", "boardOfStudy"]} label={t("admission.boardOfStudy")} rule="examText">
        <Select options={boards} />
      </Field>
      <Field name={["examDetails", "mediumOfStudy"]} label={t("admission.mediumOfStudy")} rule="examText">
        <Select options={mediums} />
      </Field>
      <Field name={["examDetails", "schoolName"]} label={t("admission.schoolName")} rule="examText" normalize={upperText}>
        <Input />
      </Field>
      <Field name={["examDetails", "schoolPlace"]} label={t("admission.schoolPlace")} rule="examText" normalize={upperText}>
        <Input />
      </Field>
      <Field name={["examDetails", "maxMarkInTweleve"]} label={t("admission.maxMarkInTweleve")} rule="maxMarkInTweleve">
        <Select options={optionsOf(maxMarkInTweleveOptions)} />
      </Field>
      <Field name={["examDetails", "isPassedEleventh"]} label={t("admission.isPassedEleventh")} rule="yesNo">
        <YesNo label={t("admission.isPassedEleventh")} />
      </Field>
      <Field name={["examDetails", "tweleveStatus"]} label={t("admission.tweleveStatus")} rule="tweleveStatus">
        <Select options={choiceOptions(t, "tweleveStatus", tweleveStatuses)} />
      </Field>
      <Field name={["examDetails", "govtSchool"]} label={t("admission.govtSchool")} rule="yesNo">
        <YesNo label={t("admission.govtSchool")} />
      </Field>
      <ShownWhen field={["examDetails", "tweleveStatus"]} answer="PASSED">
        <Col span={24}>
          <Typography.Title level={3} className="admission-section-title">
            {t("admission.marksTitle")}
          </Typography.Title>
          <Form.List name="marksDetails">
            {(fields, _rows, { errors }) => (
              <>
                {fields.slice(0, markRowLabels.length).map((field, index) => (
                  <fieldset key={field.key} className="mark-row">
                    <legend>{t(`admission.markRows.${index}`)}</legend>
                    <Row gutter={12}>
                      <Col xs={24} md={8}>
                        <Form.Item
                          name={[field.name, "subject"]}
                          label={t("admission.subject")}
                          rules={[admissionRule("subject"), notRepeatedSubject(field.name, inLanguage((t) => t("validation.subjectRepeated")))]}
                          // A change of an earlier row's subject may make this row's repeat it, or no longer.
                          dependencies={fields.slice(0, index).map((earlier) => ["marksDetails", earlier.name, "subject"])}
                        >
                          <Select showSearch={{ optionFilterProp: "label" }} options={optionsOf(subjectsForRow(index))} />
                        </Form.Item>
                      </Col>
                      <Col xs={12} md={4}>
                        <Form.Item
                          name={[field.name, "markSecured"]}
                          label={t("admission.markSecured")}
                          rules={[admissionRule("markSecured"), withinRowMaxMark(field.name, inLanguage((t) => t("validation.markAboveMax")))]}
                          dependencies={[["marksDetails", field.name, "maxMark"]]}
                          normalize={cleanMark}
                        >
                          <Input inputMode="decimal" maxLength={6} />
                        </Form.Item>
                      </Col>
                      <Col xs={12} md={4}>
                        <Form.Item name={[field.name, "maxMark"]} label={t("admission.maxMark")} rules={[admissionRule("maxMark")]}>
                          <Input readOnly aria-readonly />
                        </Form.Item>
                      </Col>
                      <Col xs={12} md={4}>
                        <Form.Item name={[field.name, "passingYear"]} label={t("admission.passingYear")} rules={[admissionRule("passingYear")]} normalize={digitsOnly}>
                          <Input inputMode="numeric" maxLength={4} readOnly={index > 0} aria-readonly={index > 0} />
                        </Form.Item>
                      </Col>
                      <Col xs={12} md={4}>
                        <Form.Item name={[field.name, "registerNo"]} label={t("admission.registerNo")} rules={[admissionRule("registerNo")]} normalize={upperText}>
                          <Input readOnly={index > 0} aria-readonly={index > 0} />
                        </Form.Item>
                      </Col>
                    </Row>
                  </fieldset>
                ))}
                {/* A refusal of the rows as a whole (too few subjects) belongs to no field of one row. */}
                <Form.ErrorList errors={errors} />
              </>
            )}
          </Form.List>
          <WithFormValues fields={["marksDetails"]}>{([rows]) => <MarkTotals rows={(rows as MarkRow[] | undefined) ?? []} />}</WithFormValues>
        </Col>
      </ShownWhen>
      {children}
    </Row>
  );
}

type MarkRow = Parameters<typeof markTotals>[0][number];

/** The total and the percentage of the marks entered so far. */
function MarkTotals({ rows }: { rows: MarkRow[] }) {
  const { t } = useTranslation();
  const totals = markTotals(rows);
  return (
    <Row gutter={16} className="mark-totals">
      <Col>
        <Statistic title={t("admission.totalMarks")} value={totals.totalMarks} precision={2} />
      </Col>
      <Col>
        <Statistic title={t("admission.totalMarkPercent")} value={totals.totalMarkPercent} precision={2} suffix="%" />
      </Col>
    </Row>
  );
}
