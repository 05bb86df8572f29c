import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { AddressSearch } from "./AddressSearch";

describe("a list's search box", () => {
  it("keeps what is typed after a search is sent when that search reaches the address, and follows any other change of the address", async () => {
    const onSearch = vi.fn();
    const box = (term: string) => <AddressSearch aria-label="Search" term={term} onSearch={onSearch} />;
    const { rerender } = render(box(""));
    const input = screen.getByRole("searchbox", { name: "Search" });

    await userEvent.type(input, " UG-2026-000009 {Enter}");
    expect(onSearch).toHaveBeenLastCalledWith("UG-2026-000009");
    // The next term is typed while the list is still loading, before the address has the first.
    await userEvent.clear(input);
    await userEvent.type(input, "UG-2026-000008");
    rerender(box("UG-2026-000009"));
    expect(input).toHaveProperty("value", "UG-2026-000008");

    // Back, or a link: the address's term is shown.
    rerender(box(""));
    expect(input).toHaveProperty("value", "");
    rerender(box("UG-2026-000009"));
    expect(input).toHaveProperty("value", "UG-2026-000009");
  });
});
