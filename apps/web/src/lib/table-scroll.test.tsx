import { render, screen } from "@testing-library/react";
import { Table } from "antd";
import { describe, expect, it } from "vitest";
import { useScrollableTable } from "./table-scroll";

interface Row {
  id: number;
  name: string;
}

function WideTable({ label, rows }: { label: string; rows: Row[] }) {
  const table = useScrollableTable(label);
  return <Table<Row> ref={table} rowKey="id" columns={[{ title: "Name", dataIndex: "name", key: "name" }]} dataSource={rows} scroll={{ x: 900 }} pagination={false} />;
}

describe("useScrollableTable", () => {
  it("makes an empty wide table's scroller a labelled region that takes focus", () => {
    render(<WideTable label="Fees transactions" rows={[]} />);
    const region = screen.getByRole("region", { name: "Fees transactions" });
    expect(region.classList.contains("ant-table-content")).toBe(true);
    expect(region.tabIndex).toBe(0);
    region.focus();
    expect(document.activeElement).toBe(region);
  });

  it("follows the label when it changes, as with the language", () => {
    const { rerender } = render(<WideTable label="Students" rows={[{ id: 1, name: "ANU" }]} />);
    rerender(<WideTable label="Étudiants" rows={[{ id: 1, name: "ANU" }]} />);
    expect(screen.getByRole("region", { name: "Étudiants" })).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Students" })).toBeNull();
  });
});
