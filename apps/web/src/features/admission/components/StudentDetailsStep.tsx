import {
  ageOn,
  bloodGroups,
  cleanName,
  communities,
  digitsOnly,
  genders,
  isValidAadhar,
  religions,
  transportModes,
  upperText,
} from "@admissions/shared";
import { Col, Form, Input, Row, Select, type SelectProps } from "antd";
import { lazy, memo, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { choiceOptions } from "../../../lib/choice-labels";
import type { Course, Degree } from "../../../lib/masters";
import { ChoiceButtons, Field, InputWithHint, ShownWhen, WithFormValues, YesNo, optionsOf } from "./fields";

/** Staff's only (a walk-in's form): in a chunk of its own, off the applicant's first download. */
const SameAadhaarNotice = lazy(async () => ({ default: (await import("../../../components/SameAadhaarNotice")).SameAadhaarNotice }));

/**
 * Step 1, SPEC.md section 3: who the applicant is, the course and degree, and the yes/no questions.
 * What follows an answer (the degrees of a course, the age, a field shown for "yes") reads that
 * answer through `WithFormValues` (fields.tsx), so an answer draws again only what follows it.
 * `firstFieldsOnly` draws the fields down to the age alone, about a phone's first screen, while the
 * form first comes up: the rest follow once those are painted. Memoised: the page draws again as the
 * applicant starts typing and as the later steps' code arrives, and the step's thirty fields need not.
 */
export const StudentDetailsStep = memo(function StudentDetailsStep({
  offline,
  firstFieldsOnly,
  courses,
  degrees,
}: {
  offline: boolean;
  firstFieldsOnly: boolean;
  courses: Course[];
  degrees: Degree[];
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();

  return (
    <Row gutter={16}>
      {offline && (
        <Field name="userName" label={t("admission.applicantEmail")} rule="userName" wide>
          <Input type="email" autoComplete="off" inputMode="email" />
        </Field>
      )}
      <Field name="course" label={t("admission.course")} rule="course">
        <ChoiceButtons
          label={t("admission.course")}
          options={courses.map((item) => ({ value: item.name, label: item.name }))}
          onChange={() => form.setFieldValue("courseSubjectId", undefined)}
        />
      </Field>
      <WithFormValues fields={["course"]}>
        {([course]) => (
          <Field name="courseSubjectId" label={t("admission.degree")} rule="courseSubjectId">
            <DegreeSelect courseId={courses.find((item) => item.name === course)?.id} degrees={degrees} />
          </Field>
        )}
      </WithFormValues>
      <Field name="name" label={t("admission.name")} rule="name" normalize={cleanName}>
        <InputWithHint autoComplete="name" hint={t("admission.nameHint")} />
      </Field>
      <Field name="nameInTamil" label={t("admission.nameInTamil")} rule="nameInTamil">
        <Input lang="ta" />
      </Field>
      <Field name="gender" label={t("admission.gender")} rule="gender">
        <Select options={choiceOptions(t, "gender", genders)} />
      </Field>
      <Field name="dob" label={t("admission.dob")} rule="dob">
        <Input type="date" max={new Date().toISOString().slice(0, 10)} />
      </Field>
      <Col xs={24} md={12} lg={8}>
        <Form.Item label={t("admission.age")} htmlFor="admission-age">
          <WithFormValues fields={["dob"]}>{([dob]) => <AgeInput id="admission-age" dob={dob as string | undefined} />}</WithFormValues>
        </Form.Item>
      </Col>
      {!firstFieldsOnly && <LaterFields offline={offline} />}
    </Row>
  );
});

/** The first step's fields after the age: below a phone's first screen. */
function LaterFields({ offline }: { offline: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Field name="bloodGroup" label={t("admission.bloodGroup")} rule="bloodGroup">
        <Select options={optionsOf(bloodGroups)} />
      </Field>
      <Field name="community" label={t("admission.community")} rule="community">
        <Select options={optionsOf(communities)} />
      </Field>
      <Field name="caste" label={t("admission.caste")} rule="caste" normalize={upperText}>
        <Input />
      </Field>
      <Field name="nationality" label={t("admission.nationality")} rule="nationality" normalize={upperText}>
        <Input />
      </Field>
      <Field name="religion" label={t("admission.religion")} rule="religion">
        <Select options={choiceOptions(t, "religion", religions)} />
      </Field>
      <Field name="motherTongue" label={t("admission.motherTongue")} rule="motherTongue" normalize={upperText}>
        <Input />
      </Field>
      {/* Cards print the number in groups of four: a pasted "2341 2341 2346" keeps its 12 digits. */}
      <Field name="aadharNo" label={t("admission.aadharNo")} rule="aadharNo" normalize={(value: string) => digitsOnly(value).slice(0, 12)}>
        <Input inputMode="numeric" autoComplete="off" />
      </Field>
      {/* Staff entering a walk-in hear at once of applications already made with the number. */}
      {offline && (
        <WithFormValues fields={["aadharNo"]}>
          {([aadharNo]) =>
            typeof aadharNo === "string" && isValidAadhar(aadharNo) ? (
              <Col span={24}>
                <Suspense fallback={null}>
                  <SameAadhaarNotice query={{ aadharNo }} />
                </Suspense>
              </Col>
            ) : null
          }
        </WithFormValues>
      )}
      <Field name="fatherName" label={t("admission.fatherName")} rule="fatherName" normalize={upperText}>
        <Input />
      </Field>
      <Field name="motherName" label={t("admission.motherName")} rule="motherName" normalize={upperText}>
        <Input />
      </Field>
      <Field name="occupation" label={t("admission.occupation")} rule="occupation" normalize={upperText}>
        <Input />
      </Field>
      <Field name="annualIncome" label={t("admission.annualIncome")} rule="annualIncome" normalize={digitsOnly}>
        <Input inputMode="numeric" prefix={<bdi>Rs.</bdi>} />
      </Field>
      <Field name="physicalChallengeDetails" label={t("admission.physicalChallengeDetails")} rule="yesNo">
        <YesNo label={t("admission.physicalChallengeDetails")} />
      </Field>
      <ShownWhen field="physicalChallengeDetails" answer="yes">
        <Field name="physicalChallenge" label={t("admission.specify")} rule="specify" normalize={upperText}>
          <Input />
        </Field>
      </ShownWhen>
      <Field name="exServiceMan" label={t("admission.exServiceMan")} rule="yesNo">
        <YesNo label={t("admission.exServiceMan")} />
      </Field>
      <Field name="tnOriginAndaman" label={t("admission.tnOriginAndaman")} rule="yesNo">
        <YesNo label={t("admission.tnOriginAndaman")} />
      </Field>
      <Field name="distinctionInSportsDetails" label={t("admission.distinctionInSportsDetails")} rule="yesNo">
        <YesNo label={t("admission.distinctionInSportsDetails")} />
      </Field>
      <ShownWhen field="distinctionInSportsDetails" answer="yes">
        <Field name="distinctionInSports" label={t("admission.specify")} rule="specify" normalize={upperText}>
          <Input />
        </Field>
      </ShownWhen>
      <ShownWhen field="gender" answer="female">
        <Field name="hostelRequired" label={t("admission.hostelRequired")} rule="yesNo">
          <YesNo label={t("admission.hostelRequired")} />
        </Field>
      </ShownWhen>
      <Field name="transportMode" label={t("admission.transportMode")} rule="transportMode">
        <Select options={choiceOptions(t, "transportMode", transportModes)} />
      </Field>
      <Field name="referralName" label={`${t("admission.referralName")} ${t("admission.optional")}`} normalize={upperText}>
        <Input />
      </Field>
      <Field name="emisNo" label={`${t("admission.emisNo")} ${t("admission.optional")}`} rule="emisNo" normalize={digitsOnly}>
        <Input inputMode="numeric" />
      </Field>
      <Col span={24}>
        <p className="hint-text">{t("admission.requiredNote")}</p>
      </Col>
    </>
  );
}

/** The degrees of the chosen course, none until a course is chosen; Form.Item gives it its value and onChange. */
function DegreeSelect({ courseId, degrees, ...selectProps }: SelectProps & { courseId: number | undefined; degrees: Degree[] }) {
  return (
    <Select
      {...selectProps}
      showSearch={{ optionFilterProp: "label" }}
      disabled={!courseId}
      options={degrees.filter((degree) => degree.courseId === courseId).map((degree) => ({ value: degree.id, label: degree.name }))}
    />
  );
}

/** The age in whole years today, from the date of birth entered. */
function AgeInput({ id, dob }: { id: string; dob: string | undefined }) {
  const age = dob ? ageOn(dob) : null;
  return <Input id={id} value={age ?? ""} readOnly aria-readonly />;
}
