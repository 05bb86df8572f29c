import { ConfigProvider, Descriptions, Typography } from "antd";
import { useTranslation } from "react-i18next";

/** Ant Design's label grey (colorTextTertiary) is below WCAG AA's 4.5:1 on white; this one is above it. */
const readableLabels = { components: { Descriptions: { labelColor: "#595959" } } };

const jsonStyle = { margin: 0, whiteSpace: "pre-wrap", overflowWrap: "anywhere", fontSize: "0.85em" } as const;

/** A value as staff read it: text as it is, anything structured as indented JSON. */
function DetailValue({ value }: { value: unknown }) {
  if (value === null || value === undefined || value === "") return <>-</>;
  if (typeof value !== "object") return <>{String(value)}</>;
  return (
    // JSON reads left to right in every language.
    <pre dir="ltr" style={jsonStyle}>
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

/** The expanded row: every detail the change recorded, one per line. */
export function ActivityDetails({ details }: { details: Record<string, unknown> }) {
  const { t } = useTranslation();
  return (
    <ConfigProvider theme={readableLabels}>
      <Descriptions
        title={<Typography.Text strong>{t("activity.details")}</Typography.Text>}
        bordered
        size="small"
        column={1}
        items={Object.entries(details).map(([key, value]) => ({ key, label: key, children: <DetailValue value={value} /> }))}
      />
    </ConfigProvider>
  );
}
