import type { StudentDetail } from "@admissions/shared";
import { Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { choiceLabel } from "../../../lib/choice-labels";
import { routes } from "../../../lib/paths";
import { Facts, Section } from "./StudentSections";
import { applicationStatusLabel, paymentStatusLabel } from "../../../lib/status-labels";

/** The few fields of the stored admission form the office looks at on a student's page. */
interface ApplicationFacts {
  applicationNo?: string;
  applicationDate?: string;
  applicationStatus?: string;
  paymentStatus?: string;
  gender?: string;
  dob?: string;
  fatherName?: string;
  community?: string;
  totalMarkPercent?: number | string | null;
  addressDetails?: { district?: string };
  examDetails?: { schoolName?: string; collegeName?: string };
}

const shown = (value: unknown) => (value === undefined || value === null || value === "" ? "-" : String(value));

/**
 * The application the student was admitted from, in brief, with the way to the whole of it on the
 * review screen. An imported student has none.
 */
export function ApplicationSummary({ application, userName }: { application: StudentDetail["application"]; userName: string }) {
  const { t } = useTranslation();
  const title = t("students.application");
  if (!application) {
    return (
      <Section title={title}>
        <Typography.Paragraph>{t("students.noApplication")}</Typography.Paragraph>
      </Section>
    );
  }
  const form = application as ApplicationFacts;
  return (
    <Section title={title} extra={<Link to={routes.reviewApplication(userName)}>{t("students.openApplication")}</Link>}>
      <Facts
        items={[
          { key: "applicationNo", label: t("payment.applicationNo"), children: shown(form.applicationNo) },
          { key: "applicationDate", label: t("students.applicationDate"), children: shown(form.applicationDate) },
          { key: "applicationStatus", label: t("payment.applicationStatus"), children: form.applicationStatus ? applicationStatusLabel(t, form.applicationStatus) : "-" },
          { key: "paymentStatus", label: t("payment.paymentStatus"), children: form.paymentStatus ? paymentStatusLabel(t, form.paymentStatus) : "-" },
          { key: "gender", label: t("admission.gender"), children: form.gender ? choiceLabel(t, "gender", form.gender) : "-" },
          { key: "dob", label: t("admission.dob"), children: shown(form.dob) },
          { key: "fatherName", label: t("admission.fatherName"), children: shown(form.fatherName) },
          { key: "community", label: t("admission.community"), children: shown(form.community) },
          { key: "district", label: t("admission.district"), children: shown(form.addressDetails?.district) },
          { key: "school", label: t("students.schoolOrCollege"), children: shown(form.examDetails?.schoolName ?? form.examDetails?.collegeName) },
          { key: "marks", label: t("admission.totalMarkPercent"), children: shown(form.totalMarkPercent) },
        ]}
      />
    </Section>
  );
}
