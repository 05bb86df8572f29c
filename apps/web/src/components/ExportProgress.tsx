import { Alert, Progress, Space, Spin, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { formatBytes, type DownloadState } from "../lib/download";
import { errorText } from "../lib/error-text";

interface ExportProgressProps {
  state: Exclude<DownloadState, { phase: "idle" }>;
  /** "Applications in the file: 1,234", in the screen's own words. */
  countText: (count: string) => string;
}

/**
 * How far an export has come, then Save again or why it failed. Loaded with the first export
 * (components/ExcelExport.tsx), while the server prepares the file.
 */
export default function ExportProgress({ state, countText }: ExportProgressProps) {
  const { t, i18n } = useTranslation();
  const size = (bytes: number) => formatBytes(bytes, i18n.language);
  const count = (total: number) => countText(new Intl.NumberFormat(i18n.language).format(total));

  switch (state.phase) {
    case "waiting":
      return (
        <Space>
          <Spin size="small" />
          <Typography.Text>{t("reports.preparing")}</Typography.Text>
        </Space>
      );
    case "receiving":
      return (
        <>
          {/* The size of a streamed file is known only at its end, so the bar moves without a percentage. */}
          <Progress percent={100} status="active" showInfo={false} aria-hidden />
          <Typography.Text>
            {state.totalItems !== null && `${count(state.totalItems)} · `}
            {t("reports.received", { size: size(state.receivedBytes) })}
          </Typography.Text>
        </>
      );
    case "done":
      return (
        <Typography.Text>
          {t("reports.exported", { fileName: state.file.fileName, size: size(state.file.bytes) })}
          {state.file.totalItems !== null && ` ${count(state.file.totalItems)}. `}
          <a href={state.file.url} download={state.file.fileName}>
            {t("reports.saveAgain")}
          </a>
        </Typography.Text>
      );
    case "failed":
      return <Alert type="error" showIcon title={t("reports.exportFailed")} description={errorText(state.error, t)} />;
  }
}
