import { Col } from "antd";
import { DayInput } from "./DayInput";

interface DateRangeFiltersProps {
  from: { label: string; value: string };
  to: { label: string; value: string };
  onChange: (range: { dateFrom?: string; dateTo?: string }) => void;
  disabled?: boolean;
}

/**
 * A list's From and To date filters, each named inside its box: a date input shows only the date's
 * format, so two of them side by side did not say which was which. Neither takes a date that would
 * make the range end before it starts.
 */
export function DateRangeFilters({ from, to, onChange, disabled }: DateRangeFiltersProps) {
  const named = (label: string) => ({ "aria-label": label, prefix: <span aria-hidden>{label}</span> });
  return (
    <>
      <Col xs={24} sm={12} xl={6}>
        <DayInput {...named(from.label)} day={from.value} max={to.value || undefined} disabled={disabled} onDay={(dateFrom) => onChange({ dateFrom })} />
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <DayInput {...named(to.label)} day={to.value} min={from.value || undefined} disabled={disabled} onDay={(dateTo) => onChange({ dateTo })} />
      </Col>
    </>
  );
}
