import { documentFieldNames } from "@admissions/shared";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { PrintedSection, PrintedTable, printedText, printedYesNo } from "../../../components/PrintedSection";
import type { ReviewedApplication } from "../api/review";
import { applicationSections, documentLabels, markColumns, showsMarks, type DetailField } from "./application-sections";

function printedValue(field: DetailField, t: TFunction): string {
  if (field.yesNo) return `${printedYesNo(t, field.value)} ${field.value === "yes" ? printedText(field.detail) : ""}`.trim();
  return printedText(field.value, field.asGiven);
}

const signatories = ["parent", "student", "hod", "principal"] as const;

/**
 * SPEC.md's printable application form: a banner with the college's name and logo, the review
 * sections, and signature lines for parent, student, HOD and principal. Hidden on screen; the print
 * CSS shows only it, on A4.
 */
export function PrintedApplicationForm({ application, photoUrl }: { application: ReviewedApplication; photoUrl?: string }) {
  const { t } = useTranslation();
  return (
    <article className="application-summary application-form" aria-label={t("review.formTitle")}>
      <header className="application-form__banner">
        <img src="/favicon.svg" alt="" className="application-form__logo" />
        <div className="application-form__heading">
          <h1>{t("app.name")}</h1>
          <p className="application-form__title">{t("review.formTitle")}</p>
          <p>
            {t("payment.applicationNo")}: <strong>{application.applicationNo}</strong>
            {application.admissionNo && (
              <>
                {" · "}
                {t("review.admissionNo")}: <strong>{application.admissionNo}</strong>
              </>
            )}
          </p>
          <p>
            {printedText(application.course)} · {printedText(application.courseSubject)} · {application.applicationDate}
          </p>
        </div>
        {photoUrl && <img src={photoUrl} alt={t("admission.documents.photo")} className="summary-photo" />}
      </header>
      {applicationSections(application, t).map((section) => (
        <PrintedSection key={section.key} title={section.title} rows={section.fields.map((field) => [field.label, printedValue(field, t)])} />
      ))}
      {showsMarks(application) && (
        <section className="summary-section">
          <h2>{t("review.sections.marks")}</h2>
          <PrintedTable
            headers={markColumns.map((column) => t(column.label))}
            rows={application.marksDetails.map((row) => markColumns.map((column) => printedText(row[column.key])))}
          />
        </section>
      )}
      <PrintedSection
        title={t("review.sections.documents")}
        rows={documentFieldNames.map((name) => [
          t(`admission.documents.${documentLabels[name]}`),
          application[name] ? t("admission.uploaded") : t("review.noDocument"),
        ])}
      />
      <p className="application-form__declaration">{t("admission.declaration")}</p>
      <footer className="application-form__signatures">
        {signatories.map((signatory) => (
          <div key={signatory} className="application-form__signature">
            {t(`review.signatures.${signatory}`)}
          </div>
        ))}
      </footer>
    </article>
  );
}
