import { isUnderGraduate } from "@admissions/shared";
import { useTranslation } from "react-i18next";
import { PrintedSection as Section, PrintedTable, printedText as shown, printedYesNo } from "../../../components/PrintedSection";
import { choiceLabel, isChoiceField, type ChoiceField } from "../../../lib/choice-labels";
import type { StoredAdmission } from "../api/form-reads";
import { documents } from "./UploadStep";

type Values = Record<string, unknown>;

/** The application as printed from Payment Details: personal, address and contact, exam, degree, documents. */
export function ApplicationSummary({ application, photoUrl }: { application: StoredAdmission; photoUrl?: string }) {
  const { t } = useTranslation();
  const values = application as unknown as Values;
  const address = (values.addressDetails ?? {}) as Values;
  const exam = (values.examDetails ?? {}) as Values;
  const marks = (values.marksDetails ?? []) as Values[];
  const ug = isUnderGraduate(values.course as string);
  const label = (key: string) => t(`admission.${key}`);
  const yesNo = (value: unknown) => printedYesNo(t, value);
  const choice = (field: ChoiceField, value: unknown) => shown(value ? choiceLabel(t, field, String(value)) : value);

  return (
    <article className="application-summary" aria-label={t("summary.title")}>
      <header className="summary-header">
        <div>
          <h1>{t("app.name")}</h1>
          <p>
            {t("summary.title")} <strong>{application.applicationNo}</strong> · {shown(values.courseSubject)}
          </p>
        </div>
        {photoUrl && <img src={photoUrl} alt={t("admission.documents.photo")} className="summary-photo" />}
      </header>
      <Section
        title={t("summary.personal")}
        rows={[
          [label("name"), shown(values.name)],
          [label("nameInTamil"), shown(values.nameInTamil, true)],
          [label("gender"), choice("gender", values.gender)],
          [label("dob"), shown(values.dob, true)],
          [label("age"), shown(values.age)],
          [label("bloodGroup"), shown(values.bloodGroup, true)],
          [label("community"), shown(values.community)],
          [label("caste"), shown(values.caste)],
          [label("nationality"), shown(values.nationality)],
          [label("religion"), choice("religion", values.religion)],
          [label("motherTongue"), shown(values.motherTongue)],
          [label("aadharNo"), shown(values.aadharNo)],
          [label("fatherName"), shown(values.fatherName)],
          [label("motherName"), shown(values.motherName)],
          [label("occupation"), shown(values.occupation)],
          [label("annualIncome"), shown(values.annualIncome)],
          [label("physicalChallengeDetails"), `${yesNo(values.physicalChallengeDetails)} ${shown(values.physicalChallenge)}`.trim()],
          [label("exServiceMan"), yesNo(values.exServiceMan)],
          [label("tnOriginAndaman"), yesNo(values.tnOriginAndaman)],
          [label("distinctionInSportsDetails"), `${yesNo(values.distinctionInSportsDetails)} ${shown(values.distinctionInSports)}`.trim()],
          [label("hostelRequired"), yesNo(values.hostelRequired)],
          [label("transportMode"), choice("transportMode", values.transportMode)],
          [label("emisNo"), shown(values.emisNo)],
        ]}
      />
      <Section
        title={t("summary.contact")}
        rows={[
          [label("doorNo"), shown(address.doorNo)],
          [label("streetName"), shown(address.streetName)],
          [label("village"), shown(address.village)],
          [label("post"), shown(address.post)],
          [label("taluk"), shown(address.taluk)],
          [label("district"), shown(address.district)],
          [label("state"), shown(address.state)],
          [label("pincode"), shown(address.pincode)],
          [label("whatsappNo"), shown(values.whatsappNo)],
          [label("fatherNo"), shown(values.fatherNo)],
          [label("motherNo"), shown(values.motherNo)],
          [label("email"), shown(values.email, true)],
        ]}
      />
      {ug ? (
        <>
          <Section
            title={t("summary.school")}
            rows={[
              [label("examPassed"), choice("examPassed", exam.examPassed)],
              [label("boardOfStudy"), choice("boardOfStudy", exam.boardOfStudy)],
              [label("mediumOfStudy"), choice("mediumOfStudy", exam.mediumOfStudy)],
              [label("schoolName"), shown(exam.schoolName)],
              [label("schoolPlace"), shown(exam.schoolPlace)],
              [label("maxMarkInTweleve"), shown(exam.maxMarkInTweleve)],
              [label("isPassedEleventh"), yesNo(exam.isPassedEleventh)],
              [label("tweleveStatus"), choice("tweleveStatus", exam.tweleveStatus)],
              [label("govtSchool"), yesNo(exam.govtSchool)],
              // An HSC result still awaited has no total yet: the 0 stored for it is not a mark.
              [label("totalMarks"), values.totalMarkPercent ? shown(values.totalMarks) : "-"],
              [label("totalMarkPercent"), values.totalMarkPercent ? shown(values.totalMarkPercent) : "-"],
            ]}
          />
          {marks.length > 0 && (
            <PrintedTable
              headers={["subject", "markSecured", "maxMark", "passingYear", "registerNo"].map(label)}
              rows={marks.map((row) => [shown(row.subject), shown(row.markSecured), shown(row.maxMark), shown(row.passingYear), shown(row.registerNo)])}
            />
          )}
        </>
      ) : (
        <Section
          title={t("summary.degree")}
          rows={(["nameOfDegree", "mainSubject", "mediumOfStudy", "universityName", "collegeName", "collegePlace", "yearOfStudy"] as const).map((key) => [
            label(key),
            isChoiceField(key) ? choice(key, exam[key]) : shown(exam[key]),
          ])}
        />
      )}
      <Section
        title={t("summary.documents")}
        rows={documents.map((document) => [t(`admission.documents.${document.label}`), values[document.name] ? t("admission.uploaded") : t("summary.notUploaded")])}
      />
    </article>
  );
}
