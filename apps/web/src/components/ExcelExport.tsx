import { DownloadOutlined } from "@ant-design/icons";
import { Button, Flex } from "antd";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useDownload } from "../lib/download";

// The progress bar, spinner and error box are not needed until an export starts.
const ExportProgress = lazy(() => import("./ExportProgress"));

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
  const { t } = useTranslation();
  const { state, start, isRunning } = useDownload();

  return (
    <Flex vertical align="flex-start" gap={8} className="list-filters">
      <Button icon={<DownloadOutlined aria-hidden />} onClick={() => void start(pathOf(), fileName)} disabled={isRunning}>
        {t("reports.exportExcel")}
      </Button>
      <div role="status" aria-live="polite" className="full-width">
        {state.phase !== "idle" && (
          <Suspense fallback={null}>
            <ExportProgress state={state} countText={countText} />
          </Suspense>
        )}
      </div>
    </Flex>
  );
}
