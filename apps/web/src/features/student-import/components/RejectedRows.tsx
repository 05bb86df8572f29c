import type { RejectedImportRow } from "@admissions/shared";
import { Table, type TableProps } from "antd";
import { useTranslation } from "react-i18next";
import { useScrollableTable } from "../../../lib/table-scroll";
import { importMessageText } from "./import-messages";
import { usePagerItemRender } from "../../../lib/pager-names";

/** The rows a file could not import: the sheet row, the admission number as typed, and every reason. */
export function RejectedRows({ rows, caption }: { rows: RejectedImportRow[]; caption: string }) {
  const { t } = useTranslation();
  const pagerItemRender = usePagerItemRender();
  const table = useScrollableTable(caption);
  const columns: TableProps<RejectedImportRow>["columns"] = [
    { title: t("studentImport.row"), dataIndex: "row", key: "row", width: 80 },
    { title: t("studentImport.admissionNo"), dataIndex: "admissionNo", key: "admissionNo", width: 180, render: (value: string) => value || "-" },
    {
      title: t("studentImport.reasons"),
      dataIndex: "reasons",
      key: "reasons",
      render: (reasons: string[]) => (
        <ul className="import-reasons">
          {reasons.map((reason) => (
            <li key={reason}>{importMessageText(reason, t)}</li>
          ))}
        </ul>
      ),
    },
  ];
  return (
    <Table<RejectedImportRow>
      ref={table}
      rowKey="row"
      size="small"
      columns={columns}
      dataSource={rows}
      caption={<span className="visually-hidden">{caption}</span>}
      scroll={{ x: 560 }}
      pagination={rows.length > 10 ? { pageSize: 10, showSizeChanger: false, itemRender: pagerItemRender } : false}
    />
  );
}
