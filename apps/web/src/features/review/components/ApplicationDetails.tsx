import { documentFieldNames, type MarkRow } from "@admissions/shared";
import { Card, Descriptions, Table, Typography, type DescriptionsProps } from "antd";
import type { TFunction } from "i18next";
import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { yesNoLabel } from "../../../lib/choice-labels";
import { apiPaths } from "../../../lib/paths";
import type { ReviewedApplication } from "../api/review";
import { applicationSections, documentLabels, markColumns, showsMarks, type DetailField } from "./application-sections";

/**
 * Label and value pairs: one column on a phone, two on a tablet or laptop, three on a wide screen.
 * Labels are darkened from Ant Design's light grey, which fails WCAG AA contrast on white; a value
 * keeps a third of the line, so a long label wraps instead of squeezing a short answer letter by letter.
 */
const factStyles = { label: { color: "#4b5563" }, content: { minInlineSize: "33%" } };

export function FactList({ items, className }: { items: DescriptionsProps["items"]; className?: string }) {
  return <Descriptions className={className} size="small" column={{ xs: 1, md: 2, xxl: 3 }} styles={factStyles} items={items} />;
}

function screenValue(field: DetailField, t: TFunction): string {
  if (field.yesNo) {
    const answer = yesNoLabel(t, field.value);
    return field.value === "yes" && field.detail ? `${answer} (${field.detail})` : answer;
  }
  return field.value || "-";
}

/** A card whose title is a real heading, so the page's outline reads h1, then h2 per section. */
export function SectionCard({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card
      title={
        <Typography.Title level={2} id={headingId} className="review-section-title">
          {title}
        </Typography.Title>
      }
    >
      <section aria-labelledby={headingId}>{children}</section>
    </Card>
  );
}

function MarkDetail({ rows }: { rows: MarkRow[] }) {
  const { t } = useTranslation();
  const title = t("review.sections.marks");
  return (
    <SectionCard title={title}>
      {/* A phone scrolls the table sideways; the region takes focus so a keyboard can scroll it too. */}
      <div className="review-scroll" role="region" aria-label={t("review.sections.marksTable")} tabIndex={0}>
        <Table<MarkRow>
          size="small"
          // By the row's place: the form lets two rows name the same subject ("Others" for both languages).
          rowKey={(row) => String(rows.indexOf(row))}
          pagination={false}
          dataSource={rows}
          columns={markColumns.map((column) => ({ key: column.key, dataIndex: column.key, title: t(column.label) }))}
        />
      </div>
    </SectionCard>
  );
}

function Documents({ application }: { application: ReviewedApplication }) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t("review.sections.documents")}>
      <FactList
        items={documentFieldNames.map((name) => {
          const label = t(`admission.documents.${documentLabels[name]}`);
          const fileName = application[name];
          return {
            key: name,
            label,
            children: fileName ? (
              <a href={apiPaths.downloadFile(application.userName, fileName)} download>
                {t("review.download")} <span className="visually-hidden">{label}</span>
              </a>
            ) : (
              t("review.noDocument")
            ),
          };
        })}
      />
    </SectionCard>
  );
}

/** SPEC.md's review sections, then the documents with a Download link or 'No Document'. */
export function ApplicationDetails({ application }: { application: ReviewedApplication }) {
  const { t } = useTranslation();
  return (
    <>
      {applicationSections(application, t).map((section) => (
        <SectionCard key={section.key} title={section.title}>
          <FactList items={section.fields.map((field) => ({ key: field.label, label: field.label, children: <bdi>{screenValue(field, t)}</bdi> }))} />
        </SectionCard>
      ))}
      {showsMarks(application) && <MarkDetail rows={application.marksDetails} />}
      <Documents application={application} />
    </>
  );
}
