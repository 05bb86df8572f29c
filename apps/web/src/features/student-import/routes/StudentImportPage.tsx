import { DownloadOutlined, InboxOutlined } from "@ant-design/icons";
import {
  ROLE_ADMIN,
  ROLE_DEPARTMENT_ADMIN,
  STUDENT_IMPORT_MAX_BYTES,
  STUDENT_IMPORT_TEMPLATE_NAME,
  studentImportMessages,
  type ImportLogEntry,
  type StudentImportPreview,
} from "@admissions/shared";
import { useQueryClient } from "@tanstack/react-query";
import { Alert, Button, Col, Flex, Progress, Row, Spin, Statistic, Typography, Upload } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate } from "react-router";
import { useCurrentUser } from "../../../lib/current-user";
import { formatBytes, useDownload } from "../../../lib/download";
import { errorText } from "../../../lib/error-text";
import { useMessage } from "../../../lib/message";
import { apiPaths, routes } from "../../../lib/paths";
import { refreshShared } from "../../../lib/query-keys";
import { ImportRefused, importLogKey, importStudents, usePreviewImport, type ImportProgress } from "../api/student-import";
import { ImportLog } from "../components/ImportLog";
import { importErrorText, importMessageText } from "../components/import-messages";
import { RejectedRows } from "../components/RejectedRows";
import "../student-import.css";
import { Panel } from "../../../components/Panel";

const importers: readonly string[] = [ROLE_ADMIN, ROLE_DEPARTMENT_ADMIN];

/** SPEC.md /studentImport (ROLE_DEPARTMENT_ADMIN or ROLE_ADMIN); anyone else goes back to the applications list. */
export function StudentImportPage() {
  const user = useCurrentUser();
  return importers.includes(user?.roleName ?? "") ? <StudentImportScreen /> : <Navigate to={routes.admin} replace />;
}

type ImportRun = { phase: "idle" } | ImportProgress | { phase: "done"; entry: ImportLogEntry } | { phase: "failed"; error: unknown };

function StudentImportScreen() {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const queryClient = useQueryClient();
  const template = useDownload();
  const preview = usePreviewImport();
  const [file, setFile] = useState<File>();
  const [run, setRun] = useState<ImportRun>({ phase: "idle" });
  const importing = run.phase === "uploading" || run.phase === "writing";

  /** A new file is checked at once; nothing is sent to be written until Import. */
  const choose = (chosen: File) => {
    if (chosen.size > STUDENT_IMPORT_MAX_BYTES) {
      void message.error(importMessageText(studentImportMessages.fileTooLarge, t));
    } else {
      setFile(chosen);
      setRun({ phase: "idle" });
      preview.mutate(chosen);
    }
    return Upload.LIST_IGNORE;
  };

  const startImport = async () => {
    if (!file) return;
    setRun({ phase: "uploading", percent: 0 });
    try {
      const entry = await importStudents(file, setRun);
      setRun({ phase: "done", entry });
      setFile(undefined);
      preview.reset();
    } catch (error) {
      setRun({ phase: "failed", error });
    } finally {
      // A refused import is in the log too; an accepted one adds students and their fee terms.
      void Promise.all([queryClient.invalidateQueries({ queryKey: importLogKey }), refreshShared(queryClient, "students", "fees")]);
    }
  };

  const canImport = !!file && !!preview.data && preview.data.rejected.length === 0 && preview.data.valid > 0 && !importing;

  return (
    <Panel>
      <Flex vertical gap="large">
        <div>
          <Typography.Title level={1} className="page-title">
            {t("menu.studentImport")}
          </Typography.Title>
          <Typography.Paragraph>{t("studentImport.intro")}</Typography.Paragraph>
        </div>

        <section aria-labelledby="import-template-title">
          <Typography.Title level={2} id="import-template-title" className="import-section-title">
            {t("studentImport.templateTitle")}
          </Typography.Title>
          <Typography.Paragraph>{t("studentImport.templateHint")}</Typography.Paragraph>
          <Button
            icon={<DownloadOutlined aria-hidden />}
            onClick={() => void template.start(apiPaths.studentImportTemplate, STUDENT_IMPORT_TEMPLATE_NAME)}
            loading={template.isRunning}
          >
            {t("studentImport.downloadTemplate")}
          </Button>
          {template.state.phase === "failed" && (
            <Alert type="error" showIcon className="import-alert" title={t("studentImport.templateFailed")} description={errorText(template.state.error, t)} />
          )}
        </section>

        <section aria-labelledby="import-file-title">
          <Typography.Title level={2} id="import-file-title" className="import-section-title">
            {t("studentImport.fileTitle")}
          </Typography.Title>
          <Upload.Dragger accept=".xlsx,.csv" multiple={false} showUploadList={false} beforeUpload={choose} disabled={importing}>
            <p className="ant-upload-drag-icon">
              <InboxOutlined aria-hidden />
            </p>
            <p className="ant-upload-text">{t("studentImport.dropHint")}</p>
            <p className="ant-upload-hint">{t("studentImport.fileHint")}</p>
          </Upload.Dragger>
          {file && <Typography.Paragraph className="import-alert">{t("studentImport.chosenFile", { fileName: file.name, size: formatBytes(file.size, i18n.language) })}</Typography.Paragraph>}
        </section>

        {(preview.isPending || preview.isError || preview.data) && (
          <section aria-labelledby="import-preview-title">
            <Typography.Title level={2} id="import-preview-title" className="import-section-title">
              {t("studentImport.previewTitle")}
            </Typography.Title>
            {preview.isPending && (
              <Flex gap="small" align="center">
                <Spin size="small" />
                <Typography.Text>{t("studentImport.checking")}</Typography.Text>
              </Flex>
            )}
            {preview.isError && <Alert type="error" showIcon role="alert" title={importErrorText(preview.error, t)} />}
            {preview.data && <PreviewSummary preview={preview.data} />}
            <Button type="primary" className="import-alert" disabled={!canImport} loading={importing} onClick={() => void startImport()}>
              {t("studentImport.importButton")}
            </Button>
          </section>
        )}

        <ImportRunStatus run={run} />
        <ImportLog />
      </Flex>
    </Panel>
  );
}

function PreviewSummary({ preview }: { preview: StudentImportPreview }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const figures = [
    { title: t("studentImport.totalRows"), value: preview.totalRows },
    { title: t("studentImport.valid"), value: preview.valid },
    { title: t("studentImport.duplicates"), value: preview.duplicates },
    { title: t("studentImport.rejected"), value: preview.rejected.length },
  ];
  return (
    <Flex vertical gap="middle">
      <Row gutter={[16, 16]}>
        {figures.map((figure) => (
          <Col xs={12} md={6} key={figure.title}>
            <Statistic title={figure.title} value={number.format(figure.value)} />
          </Col>
        ))}
      </Row>
      {preview.rejected.length > 0 && (
        <>
          <Alert type="warning" showIcon title={t("studentImport.fixRejected")} />
          <RejectedRows rows={preview.rejected} caption={t("studentImport.rejectedOf", { fileName: preview.fileName })} />
        </>
      )}
      {preview.rejected.length === 0 && preview.valid === 0 && <Alert type="info" showIcon title={t("studentImport.nothingNew")} />}
    </Flex>
  );
}

/** How far the import has come, said in a live region so that screen readers follow it too. */
function ImportRunStatus({ run }: { run: ImportRun }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <div role="status" aria-live="polite">
      {run.phase === "uploading" && (
        <>
          <Progress percent={run.percent} aria-hidden />
          <Typography.Text>{t("studentImport.uploading", { percent: run.percent })}</Typography.Text>
        </>
      )}
      {run.phase === "writing" && (
        <>
          {/* The server says nothing until the transaction ends, so this phase has no percentage. */}
          <Progress percent={100} status="active" showInfo={false} aria-hidden />
          <Typography.Text>{t("studentImport.writing")}</Typography.Text>
        </>
      )}
      {run.phase === "done" && (
        <Alert
          type="success"
          showIcon
          title={t("studentImport.done")}
          description={t("studentImport.doneCounts", {
            imported: number.format(run.entry.importedRows),
            skipped: number.format(run.entry.skippedRows),
          })}
        />
      )}
      {run.phase === "failed" && <ImportFailure error={run.error} />}
    </div>
  );
}

function ImportFailure({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (error instanceof ImportRefused) {
    return (
      <Flex vertical gap="middle">
        <Alert type="error" showIcon title={t("studentImport.refusedTitle")} description={importMessageText(error.message, t)} />
        <RejectedRows rows={error.preview.rejected} caption={t("studentImport.rejectedOf", { fileName: error.preview.fileName })} />
      </Flex>
    );
  }
  return <Alert type="error" showIcon title={t("studentImport.failed")} description={importErrorText(error, t)} />;
}
