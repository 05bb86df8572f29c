import { Alert } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { routes } from "../lib/paths";
import { useSameAadhaar, type SameAadhaarQuery } from "../lib/same-aadhaar";
import { applicationStatusLabel } from "../lib/status-labels";
import { CourseAndDegree } from "./CourseAndDegree";

/**
 * Warns staff of other applications made with this Aadhar number (an application's, or one typed
 * into a walk-in's form): the same person applying again from another account, or a number typed
 * wrong. Says nothing when there are none, or while asking.
 */
export function SameAadhaarNotice({ query }: { query: SameAadhaarQuery }) {
  const { t } = useTranslation();
  const same = useSameAadhaar(query);
  if (!same.data || (same.data.applications.length === 0 && same.data.outOfScope === 0)) return null;

  const { applications, notListed, outOfScope } = same.data;
  return (
    <Alert
      type="warning"
      showIcon
      // Part of the screen as it opens, not news breaking in on the reader.
      role="status"
      className="notice-alert"
      title={t("review.sameAadhaar.title")}
      description={
        <>
          {applications.length > 0 && (
            <ul className="same-aadhaar">
              {applications.map((other) => (
                <li key={other.applicationNo}>
                  <Link to={routes.reviewApplication(other.userName)}>{other.applicationNo}</Link> · <bdi>{other.name}</bdi> ·{" "}
                  <CourseAndDegree course={other.course} degree={other.degree} /> · {applicationStatusLabel(t, other.applicationStatus)}
                </li>
              ))}
            </ul>
          )}
          {notListed > 0 && <div>{t("review.sameAadhaar.notListed", { total: notListed })}</div>}
          {outOfScope > 0 && <div>{t("review.sameAadhaar.outOfScope", { total: outOfScope })}</div>}
        </>
      }
    />
  );
}
