import type { FeeStudent } from "@admissions/shared";
import { Descriptions } from "antd";
import { useTranslation } from "react-i18next";
import { CourseAndDegree } from "../../../components/CourseAndDegree";
import { useFactsLayout } from "../../../lib/descriptions-layout";

/** Whose fees these are: staff must see at a glance that they have the right student. */
export function StudentFeeSummary({ student }: { student: FeeStudent }) {
  const { t } = useTranslation();
  const layout = useFactsLayout();
  return (
    <Descriptions
      size="small"
      layout={layout}
      // Bordered labels sit on a shaded cell in the body text colour; the plain ones are too pale for AA.
      bordered
      column={{ xs: 1, md: 2 }}
      className="notice-alert"
      items={[
        { key: "name", label: t("fees.name"), children: student.name },
        { key: "admissionNo", label: t("fees.admissionNo"), children: student.admissionNo },
        { key: "degree", label: t("fees.degree"), children: <CourseAndDegree course={student.course} degree={student.degree} /> },
        { key: "currentYear", label: t("fees.currentYear"), children: t("fees.yearN", { year: student.currentYear }) },
      ]}
    />
  );
}
