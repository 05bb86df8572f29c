import { isRecordedDay } from "@admissions/shared";
import { Input, type InputProps } from "antd";
import { useAddressText } from "../lib/url-query";

type DayInputProps = Omit<InputProps, "type" | "value" | "defaultValue" | "onChange"> & { day: string; onDay: (day: string) => void };

/**
 * A filter's day, typed or picked, kept in the page's address (useAddressText). A browser's date box
 * reports a day at every digit of a year typed into it (0002, 0020, 0202, 2026): passed on at each,
 * the list asked the server for the year 2, and the box, drawn again from the address, lost what was
 * being typed. It passes on a day only once it is one the lists keep (isRecordedDay, as the server
 * checks), or nothing when the box is emptied.
 */
export function DayInput({ day, onDay, ...inputProps }: DayInputProps) {
  const box = useAddressText(day);
  return (
    <Input
      {...inputProps}
      type="date"
      value={box.text}
      onChange={(event) => {
        const typed = event.target.value;
        box.setText(typed);
        if (typed !== "" && !isRecordedDay(typed)) return;
        box.sent(typed);
        onDay(typed);
      }}
    />
  );
}
