import type { DecisionHistoryEntry } from "@admissions/shared";
import { Alert, Spin, Timeline, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../lib/error-text";
import { statusColour } from "../../../lib/status-colours";
import { applicationStatusLabel } from "../../../lib/status-labels";
import { useDecisionHistory } from "../api/review";
import { SectionCard } from "./ApplicationDetails";

function HistoryEntry({ entry, when }: { entry: DecisionHistoryEntry; when: Intl.DateTimeFormat }) {
  const { t } = useTranslation();
  const degreeChanged = entry.toDegree && entry.fromDegree !== entry.toDegree;
  return (
    <div className="review-history-entry">
      <div>
        <time dateTime={entry.at}>{when.format(new Date(entry.at))}</time>
      </div>
      <Typography.Text strong>{t("review.historyChange", { from: applicationStatusLabel(t, entry.fromStatus), to: applicationStatusLabel(t, entry.toStatus) })}</Typography.Text>{" "}
      <Typography.Text>{t("review.historyBy", { name: entry.actorName ?? t("review.formerStaff") })}</Typography.Text>
      {degreeChanged && <div>{t("review.historyDegree", { from: entry.fromDegree ?? "-", to: entry.toDegree })}</div>}
      <div>{t("review.historyRemarks", { remarks: entry.remarks })}</div>
    </div>
  );
}

/** Who decided what and when, newest first (DESIGN.md: every change of status is kept as history). */
export function DecisionHistory({ applicationNo }: { applicationNo: string }) {
  const { t, i18n } = useTranslation();
  const history = useDecisionHistory(applicationNo);
  const when = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: "medium", timeStyle: "short" });

  return (
    <SectionCard title={t("review.history")}>
      {history.isPending && (
        <div role="status">
          <Spin />
          <span className="visually-hidden">{t("common.loading")}</span>
        </div>
      )}
      {history.isError && <Alert type="error" showIcon title={errorText(history.error, t)} />}
      {history.data?.length === 0 && <Typography.Paragraph>{t("review.noHistory")}</Typography.Paragraph>}
      {!!history.data?.length && (
        <Timeline
          items={history.data.map((entry) => ({
            key: entry.id,
            color: statusColour(entry.toStatus),
            // The time sits in the entry rather than beside it, so a phone gives the text the whole width.
            content: <HistoryEntry entry={entry} when={when} />,
          }))}
        />
      )}
    </SectionCard>
  );
}
