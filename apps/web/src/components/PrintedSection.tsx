import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { yesNoLabel } from "../lib/choice-labels";

/** SPEC.md: printed values are upper-cased, except those kept as given (names in Tamil, dates, e-mail). */
export const printedText = (value: unknown, asGiven = false) => {
  const text = value === undefined || value === null || value === "" ? "" : String(value);
  return asGiven ? text : text.toUpperCase();
};

/** SPEC.md: a yes/no answer prints as YES or NO, in the interface's language; left empty, as NO. */
export const printedYesNo = (t: TFunction, value: unknown) => yesNoLabel(t, value).toUpperCase();

/** One titled block of label and value pairs on a printed page (the global print CSS lays it out for A4). */
export function PrintedSection({ title, rows }: { title: string; rows: [string, ReactNode][] }) {
  return (
    <section className="summary-section">
      <h2>{title}</h2>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>
              {/* Isolated: a Latin value's closing dot or bracket ("HSC (+2)") stays at its end in Arabic. */}
              <bdi>{value || "-"}</bdi>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A bordered table on a printed page, such as the marks. */
export function PrintedTable({ headers, rows }: { headers: string[]; rows: ReactNode[][] }) {
  return (
    <table className="summary-marks">
      <thead>
        <tr>
          {headers.map((header) => (
            <th key={header} scope="col">
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((cells, index) => (
          <tr key={index}>
            {cells.map((cell, column) => (
              <td key={column}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
