import type { ImportLogEntry } from "@admissions/shared";
import { Alert, Table, Tag, Typography, type TableProps } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../lib/error-text";
import { useScrollableTable } from "../../../lib/table-scroll";
import { useImportLog } from "../api/student-import";
import { RejectedRows } from "./RejectedRows";
import { usePagerItemRender } from "../../../lib/pager-names";

const PAGE_SIZE = 10;

/** Every import (a department admin's own), newest first; a refused one opens to show its rows and why. */
export function ImportLog() {
  const { t, i18n } = useTranslation();
  const pagerItemRender = usePagerItemRender();
  const table = useScrollableTable(t("studentImport.logTitle"));
  const [pageNo, setPageNo] = useState(0);
  const log = useImportLog(pageNo, PAGE_SIZE);
  const when = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: "medium", timeStyle: "short" });
  const number = new Intl.NumberFormat(i18n.resolvedLanguage);
  const count = (value: number) => number.format(value);

  const columns: TableProps<ImportLogEntry>["columns"] = [
    {
      title: t("studentImport.when"),
      dataIndex: "createdAt",
      key: "createdAt",
      render: (createdAt: string) => <time dateTime={createdAt}>{when.format(new Date(createdAt))}</time>,
    },
    { title: t("studentImport.file"), dataIndex: "fileName", key: "fileName" },
    { title: t("studentImport.by"), dataIndex: "actorName", key: "actorName", render: (name: string | null) => name ?? "-" },
    {
      title: t("studentImport.result"),
      key: "result",
      // Solid colours whose white text keeps a 4.5:1 contrast.
      render: (_value, entry) =>
        entry.rejectedRows > 0 ? <Tag color="#b91c1c">{t("studentImport.refused")}</Tag> : <Tag color="#15803d">{t("studentImport.importedTag")}</Tag>,
    },
    { title: t("studentImport.rows"), dataIndex: "totalRows", key: "totalRows", align: "end", render: count },
    { title: t("studentImport.importedRows"), dataIndex: "importedRows", key: "importedRows", align: "end", render: count },
    { title: t("studentImport.skippedRows"), dataIndex: "skippedRows", key: "skippedRows", align: "end", render: count },
    { title: t("studentImport.rejectedRows"), dataIndex: "rejectedRows", key: "rejectedRows", align: "end", render: count },
  ];

  return (
    <section>
      <Typography.Title level={2} className="import-section-title">
        {t("studentImport.logTitle")}
      </Typography.Title>
      {log.isError && <Alert type="error" showIcon role="alert" title={errorText(log.error, t)} />}
      <Table<ImportLogEntry>
        ref={table}
        rowKey="id"
        columns={columns}
        dataSource={log.data?.content}
        loading={log.isFetching}
        scroll={{ x: 900 }}
        expandable={{
          columnTitle: <span className="visually-hidden">{t("studentImport.rejectedRows")}</span>,
          rowExpandable: (entry) => entry.rejected.length > 0,
          expandedRowRender: (entry) => <RejectedRows rows={entry.rejected} caption={t("studentImport.rejectedOf", { fileName: entry.fileName })} />,
        }}
        pagination={{
          itemRender: pagerItemRender,
          current: pageNo + 1,
          pageSize: PAGE_SIZE,
          total: log.data?.totalElements ?? 0,
          showSizeChanger: false,
          showTotal: (total) => t("studentImport.logTotal", { total }),
        }}
        onChange={(pagination) => setPageNo((pagination.current ?? 1) - 1)}
      />
    </section>
  );
}
