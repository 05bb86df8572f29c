import { ConfigProvider, Descriptions, Typography } from "antd";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { yesNoLabel } from "../../../lib/choice-labels";
import { applicationStatusLabel } from "../../../lib/status-labels";
import { useActivityLabels } from "./activity-labels";

/** Ant Design's label grey (colorTextTertiary) is below WCAG AA's 4.5:1 on white; this one is above it. */
const readableLabels = { components: { Descriptions: { labelColor: "#595959" } } };

const jsonStyle = { margin: 0, whiteSpace: "pre-wrap", overflowWrap: "anywhere", fontSize: "0.85em" } as const;

/** The details that hold an application's status, which the lifecycle's labels name in every language. */
const applicationStatusDetails = new Set(["status", "fromStatus", "toStatus", "applicationStatusBefore"]);

/** A value as staff read it: yes or no, a status and text in the chosen language where the catalogues have it, anything structured as indented JSON. */
function DetailValue({ name, value, t }: { name: string; value: unknown; t: TFunction }) {
  if (value === null || value === undefined || value === "") return <>-</>;
  if (typeof value === "boolean") return <>{yesNoLabel(t, value ? "yes" : "no")}</>;
  if (typeof value === "string" && applicationStatusDetails.has(name)) return <>{applicationStatusLabel(t, value)}</>;
  if (name === "settledBy" && typeof value === "string") return <>{t(`activity.summaryParts.settledBy.${value}`, { defaultValue: value })}</>;
  if (typeof value !== "object") return <>{String(value)}</>;
  return (
    // JSON reads left to right in every language.
    <pre dir="ltr" style={jsonStyle}>
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

/** The expanded row: every detail the change recorded, one per line, each named in the chosen language. */
export function ActivityDetails({ details }: { details: Record<string, unknown> }) {
  const { t } = useTranslation();
  const { detailLabel } = useActivityLabels();
  return (
    <ConfigProvider theme={readableLabels}>
      <Descriptions
        title={<Typography.Text strong>{t("activity.details")}</Typography.Text>}
        bordered
        size="small"
        column={1}
        items={Object.entries(details).map(([name, value]) => ({ key: name, label: detailLabel(name), children: <DetailValue name={name} value={value} t={t} /> }))}
      />
    </ConfigProvider>
  );
}
