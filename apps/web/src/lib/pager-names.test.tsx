import { render, screen } from "@testing-library/react";
import { ConfigProvider, Table } from "antd";
import arEG from "antd/es/locale/ar_EG";
import { describe, expect, it } from "vitest";
import { usePagerItemRender } from "./pager-names";

const rows = Array.from({ length: 45 }, (_, index) => ({ id: index + 1 }));

function PagedTable() {
  const itemRender = usePagerItemRender();
  return <Table rowKey="id" columns={[{ title: "Id", dataIndex: "id" }]} dataSource={rows} pagination={{ pageSize: 10, itemRender }} />;
}

describe("usePagerItemRender", () => {
  it("names the previous and next page buttons, not by their icons", () => {
    render(<PagedTable />);
    expect(screen.getByRole("button", { name: "Previous Page" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Next Page" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "left" })).toBeNull();
    expect(screen.queryByRole("button", { name: "right" })).toBeNull();
  });

  it("in the chosen language", () => {
    render(
      <ConfigProvider locale={arEG} direction="rtl">
        <PagedTable />
      </ConfigProvider>,
    );
    expect(screen.getByRole("button", { name: arEG.Pagination!.prev_page })).toBeTruthy();
    expect(screen.getByRole("button", { name: arEG.Pagination!.next_page })).toBeTruthy();
  });
});
