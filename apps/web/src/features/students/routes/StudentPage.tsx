import { ArrowLeftOutlined, EditOutlined } from "@ant-design/icons";
import { canEditStudents, type Student } from "@admissions/shared";
import { Alert, Button, Space, Tag, Typography } from "antd";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useParams } from "react-router";
import { FullPageLoader } from "../../../components/FullPageLoader";
import { ApiError } from "../../../lib/api-client";
import { useCurrentUser } from "../../../lib/current-user";
import { routes } from "../../../lib/paths";
import { useStudent } from "../api/students";
import { ApplicationSummary } from "../components/ApplicationSummary";
import { formatRupees, studentErrorText, studentStatusColour } from "../components/student-display";
import { StudentEditModal, type Corrections } from "../components/StudentEditModal";
import { Facts, FeeTermsSection, PaymentsSection } from "../components/StudentSections";
import { Panel } from "../../../components/Panel";

/** Until the page's detail has come: nothing of the record offered for correction. */
const noCorrections: Corrections = { emailCorrectable: false, admissionNoCorrectable: false, degreeCorrectable: false };

function StudentProfile({ student }: { student: Student }) {
  const { t, i18n } = useTranslation();
  return (
    <Facts
      items={[
        { key: "admissionNo", label: t("students.admissionNo"), children: student.admissionNo },
        { key: "name", label: t("students.name"), children: student.name },
        { key: "userName", label: t("students.userName"), children: student.userName },
        { key: "email", label: t("admission.email"), children: student.email },
        { key: "mobile", label: t("students.mobile"), children: student.mobile },
        { key: "course", label: t("students.course"), children: student.course },
        { key: "degree", label: t("students.degree"), children: student.degree },
        { key: "currentYear", label: t("students.currentYear"), children: t("students.yearN", { year: student.currentYear }) },
        { key: "admissionYear", label: t("students.admissionYear"), children: student.admissionYear },
        {
          key: "status",
          label: t("students.status"),
          children: <Tag color={studentStatusColour(student.status)}>{t(`students.statuses.${student.status}`, { defaultValue: student.status })}</Tag>,
        },
        {
          key: "feesDue",
          label: t("students.feesDue"),
          children: student.feesDue > 0 ? `${formatRupees(student.amountDue)} (${t("students.termsDue", { count: student.feesDue })})` : t("students.nothingDue"),
        },
        { key: "createdAt", label: t("students.createdAt"), children: new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: "medium" }).format(new Date(student.createdAt)) },
      ]}
    />
  );
}

/** What stops the page: no such student, another department's, or the call failing. */
function failureText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.status === 404) return t("students.notFound");
  if (error instanceof ApiError && error.status === 403) return t("students.forbidden");
  return studentErrorText(error, t);
}

/**
 * A student's page (/students/{id}): the record, the application they were admitted from, their fee
 * terms and payments with receipts, the way to their fees, and the edit for admins and department admins.
 */
export function StudentPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const id = Number(useParams().id);
  const validId = Number.isInteger(id) && id > 0;
  const detail = useStudent(validId ? id : undefined);
  const canEdit = canEditStudents(useCurrentUser()?.roleName);
  const [editing, setEditing] = useState(false);

  // Opened from a link, there is no screen to go back to but the list.
  const goBack = () => void (location.key === "default" ? navigate(routes.students) : navigate(-1));

  if (validId && detail.isPending) return <FullPageLoader />;

  const student = detail.data?.student;
  return (
    <Space orientation="vertical" size="middle" className="full-width">
      <Panel>
        <Typography.Title level={1} className="page-title">
          {student ? student.name : t("students.title")}
        </Typography.Title>
        <Space wrap className="review-toolbar">
          <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={goBack}>
            {t("students.goBack")}
          </Button>
          {student && (
            <>
              <Button onClick={() => void navigate(routes.feesHistoryOf(student.userName))}>{t("students.feesHistory")}</Button>
              <Button type="primary" onClick={() => void navigate(routes.feeEntry(student.userName))}>
                {t("students.feeEntry")}
              </Button>
              {canEdit && (
                <Button icon={<EditOutlined aria-hidden />} onClick={() => setEditing(true)}>
                  {t("students.edit")}
                </Button>
              )}
            </>
          )}
        </Space>
        {!validId && <Alert type="error" showIcon title={t("students.notFound")} />}
        {detail.isError && <Alert type="error" showIcon role="alert" title={failureText(detail.error, t)} />}
        {student && <StudentProfile student={student} />}
      </Panel>
      {detail.data && (
        <>
          <ApplicationSummary application={detail.data.application} userName={detail.data.student.userName} />
          <FeeTermsSection terms={detail.data.feeTerms} currentYear={detail.data.student.currentYear} />
          <PaymentsSection payments={detail.data.payments} payer={detail.data.student.name} />
        </>
      )}
      {editing && student && (
        <StudentEditModal student={student} corrections={detail.data ?? noCorrections} onClose={() => setEditing(false)} />
      )}
    </Space>
  );
}
