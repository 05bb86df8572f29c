import { Card, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatCount } from "../lib/format";

export interface ChartRow {
  label: string;
  count: number;
  /** The bar's own colour (a status keeps its badge's); the chart's one colour otherwise. */
  colour?: string;
}

interface ChartCardProps {
  title: string;
  /** What the first column of the text alternative holds (Date, Status...). */
  labelHeader: string;
  rows: ChartRow[];
  subtitle?: string;
  loading?: boolean;
  children: ReactNode;
}

/**
 * A chart with its text alternative: the drawing is hidden from assistive technology, which reads
 * the same figures from a visually hidden table instead.
 */
export function ChartCard({ title, labelHeader, rows, subtitle, loading, children }: ChartCardProps) {
  const { t } = useTranslation();
  return (
    <Card title={title} loading={loading} className="full-width">
      {subtitle && <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph>}
      {rows.length === 0 ? (
        <Typography.Paragraph>{t("reports.noData")}</Typography.Paragraph>
      ) : (
        <>
          <div aria-hidden="true">{children}</div>
          {/* Hidden by its box: a table keeps the height of its rows whatever size it is given. */}
          <div className="visually-hidden">
            <table>
              <caption>{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{labelHeader}</th>
                  <th scope="col">{t("reports.count")}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.label}>
                    <th scope="row">{row.label}</th>
                    <td>{formatCount(row.count)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Card>
  );
}
