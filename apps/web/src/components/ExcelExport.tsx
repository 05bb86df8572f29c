import { DownloadOutlined } from "@ant-design/icons";
import { Alert, Button, Flex, Progress, Space, Spin, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { formatBytes, useDownload } from "../lib/download";
import { errorText } from "../lib/error-text";

interface ExcelExportProps {
  /** The export's address, read when the button is pressed (the list's filters as they are then). */
  pathOf: () => string;
  /** The name to save under when the server gives none. */
  fileName: string;
  /** "Applications in the file: 1,234", in the screen's own words. */
  countText: (count: string) => string;
}

/** Export to Excel: the button, how far the streamed file has come, and Save again once it is here. */
export function ExcelExport({ pathOf, fileName, countText }: ExcelExportProps) {
  const { t, i18n } = useTranslation();
  const { state, start, isRunning } = useDownload();
  const size = (bytes: number) => formatBytes(bytes, i18n.language);
  const count = (total: number) => countText(new Intl.NumberFormat(i18n.language).format(total));

  return (
    <Flex vertical align="flex-start" gap={8} className="list-filters">
      <Button icon={<DownloadOutlined aria-hidden />} onClick={() => void start(pathOf(), fileName)} disabled={isRunning}>
        {t("reports.exportExcel")}
      </Button>
      <div role="status" aria-live="polite" className="full-width">
        {state.phase === "waiting" && (
          <Space>
            <Spin size="small" />
            <Typography.Text>{t("reports.preparing")}</Typography.Text>
          </Space>
        )}
        {state.phase === "receiving" && (
          <>
            {/* The size of a streamed file is known only at its end, so the bar moves without a percentage. */}
            <Progress percent={100} status="active" showInfo={false} aria-hidden />
            <Typography.Text>
              {state.totalItems !== null && `${count(state.totalItems)} · `}
              {t("reports.received", { size: size(state.receivedBytes) })}
            </Typography.Text>
          </>
        )}
        {state.phase === "done" && (
          <Typography.Text>
            {t("reports.exported", { fileName: state.file.fileName, size: size(state.file.bytes) })}
            {state.file.totalItems !== null && ` ${count(state.file.totalItems)}. `}
            <a href={state.file.url} download={state.file.fileName}>
              {t("reports.saveAgain")}
            </a>
          </Typography.Text>
        )}
      </div>
      {state.phase === "failed" && <Alert type="error" showIcon title={t("reports.exportFailed")} description={errorText(state.error, t)} className="full-width" />}
    </Flex>
  );
}
