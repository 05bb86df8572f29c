import { ArrowLeftOutlined, PrinterOutlined } from "@ant-design/icons";
import { Alert, Button, Empty, Space, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useParams } from "react-router";
import { FullPageLoader } from "../../../components/FullPageLoader";
import { SameAadhaarNotice } from "../../../components/SameAadhaarNotice";
import { ApiError } from "../../../lib/api-client";
import { useDocumentUrl } from "../../../lib/documents";
import { errorText } from "../../../lib/error-text";
import { routes } from "../../../lib/paths";
import { statusColour } from "../../../lib/status-colours";
import { useReviewedApplication, type ReviewedApplication } from "../api/review";
import { ApplicationDetails, FactList } from "../components/ApplicationDetails";
import { DecisionHistory } from "../components/DecisionHistory";
import { DecisionPanel } from "../components/DecisionPanel";
import { PrintedApplicationForm } from "../components/PrintedApplicationForm";
import { applicationStatusLabel, paymentStatusLabel } from "../../../lib/status-labels";
import { Panel } from "../../../components/Panel";

/** Numbers, status badge, photo and the facts the office looks at first. */
function ApplicationHeader({ application, photoUrl }: { application: ReviewedApplication; photoUrl?: string }) {
  const { t } = useTranslation();
  return (
    <div className="review-header">
      <FactList
        className="review-header__facts"
        items={[
          { key: "applicationNo", label: t("payment.applicationNo"), children: application.applicationNo },
          { key: "admissionNo", label: t("review.admissionNo"), children: application.admissionNo || "-" },
          {
            key: "status",
            label: t("payment.applicationStatus"),
            children: <Tag color={statusColour(application.applicationStatus)}>{applicationStatusLabel(t, application.applicationStatus).toLocaleUpperCase()}</Tag>,
          },
          { key: "course", label: t("admission.course"), children: application.course },
          { key: "degree", label: t("admission.degree"), children: application.courseSubject || "-" },
          { key: "date", label: t("review.applicationDate"), children: application.applicationDate },
          { key: "mode", label: t("review.mode"), children: application.isOffline ? t("review.offline") : t("review.online") },
          { key: "payment", label: t("payment.paymentStatus"), children: paymentStatusLabel(t, application.paymentStatus) },
          { key: "paymentRefNo", label: t("payment.paymentRefNo"), children: application.paymentRefNo || "-" },
        ]}
      />
      {photoUrl ? (
        <img src={photoUrl} alt={t("admission.documents.photo")} className="review-photo" />
      ) : (
        <span className="review-photo review-photo--missing">{t("review.noPhoto")}</span>
      )}
    </div>
  );
}

/** SPEC.md, Application review screen (staff): the route parameter is the applicant's user name. */
export function ReviewPage() {
  const { t } = useTranslation();
  const userName = useParams().id ?? "";
  const navigate = useNavigate();
  const location = useLocation();
  const application = useReviewedApplication(userName);
  const photoUrl = useDocumentUrl(userName, application.data?.photoUrl || undefined);

  /**
   * SPEC.md: Go Back clears the loaded application (the query forgets it as the screen closes); opened
   * from a link, there is no screen to return to but the list.
   */
  const goBack = () => (location.key === "default" ? navigate(routes.admin) : navigate(-1));

  if (application.isPending) return <FullPageLoader />;

  const data = application.data;
  return (
    <>
      <Space orientation="vertical" size="middle" className="full-width screen-only">
        <Panel>
          <Typography.Title level={1} className="page-title">
            {data ? t("review.titleFor", { name: data.name }) : t("review.title")}
          </Typography.Title>
          <Space wrap className="review-toolbar">
            <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => void goBack()}>
              {t("review.goBack")}
            </Button>
            {data && (
              <Button icon={<PrinterOutlined aria-hidden />} onClick={() => window.print()}>
                {t("review.print")}
              </Button>
            )}
          </Space>
          {application.isError && (
            <Alert
              type="error"
              showIcon
              title={application.error instanceof ApiError && application.error.status === 403 ? t("review.forbidden") : errorText(application.error, t)}
            />
          )}
          {application.isSuccess && !data && <Empty description={t("review.noApplication", { userName })} />}
          {data && <SameAadhaarNotice query={{ applicationNo: data.applicationNo }} />}
          {data && <ApplicationHeader application={data} photoUrl={photoUrl} />}
        </Panel>
        {data && (
          <>
            <ApplicationDetails application={data} />
            <DecisionPanel application={data} />
            <DecisionHistory applicationNo={data.applicationNo} />
          </>
        )}
      </Space>
      {data && (
        <div className="print-only">
          <PrintedApplicationForm application={data} photoUrl={photoUrl} />
        </div>
      )}
    </>
  );
}
