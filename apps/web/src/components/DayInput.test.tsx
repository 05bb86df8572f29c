import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { DayInput } from "./DayInput";

describe("a filter's day box", () => {
  it("passes on a day only once its year is typed whole, keeps what is typed meanwhile and follows the address", () => {
    const onDay = vi.fn();
    const box = (day: string) => <DayInput aria-label="From date" day={day} onDay={onDay} />;
    const { rerender } = render(box(""));
    const input = screen.getByLabelText("From date");

    // What Chromium's date box reports at each digit of 2026 typed into its year.
    for (const partly of ["0002-12-01", "0020-12-01", "0202-12-01"]) {
      fireEvent.change(input, { target: { value: partly } });
      expect(input).toHaveProperty("value", partly);
    }
    expect(onDay).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: "2026-12-01" } });
    expect(onDay).toHaveBeenLastCalledWith("2026-12-01");

    // The next day is typed before the address has the first: what is typed stays.
    fireEvent.change(input, { target: { value: "2026-12-15" } });
    rerender(box("2026-12-01"));
    expect(input).toHaveProperty("value", "2026-12-15");
    rerender(box("2026-12-15"));

    // Emptied, the filter goes.
    fireEvent.change(input, { target: { value: "" } });
    expect(onDay).toHaveBeenLastCalledWith("");

    // Back, or a link: the address's day is shown.
    rerender(box(""));
    rerender(box("2026-06-01"));
    expect(input).toHaveProperty("value", "2026-06-01");
    expect(onDay).toHaveBeenCalledTimes(3);
  });
});
