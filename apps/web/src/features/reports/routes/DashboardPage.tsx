import { ArrowLeftOutlined } from "@ant-design/icons";
import { DASHBOARD_MAX_DAYS, dashboardMessages, dashboardQuerySchema } from "@admissions/shared";
import { Alert, Card, Col, Flex, Row, Statistic, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { errorText } from "../../../lib/error-text";
import { routes } from "../../../lib/paths";
import { statusColour } from "../../../lib/status-colours";
import { applicationStatusLabel } from "../../../lib/status-labels";
import { useUrlQuery } from "../../../lib/url-query";
import { DayInput } from "../../../components/DayInput";
import { useDashboard } from "../api/dashboard";
import { ChartCard, type ChartRow } from "../components/ChartCard";
import { CountsChart, PerDayChart } from "../components/charts";
import { formatCount, formatRupees } from "../lib/format";
import { isolated } from "../../../lib/bidi";

/** The shared range rule's messages, by the catalogue key that words them in the reader's language. */
const rangeMessageKeys = new Map(Object.entries(dashboardMessages).map(([key, text]) => [text as string, `reports.${key}`]));

/** /report: how admissions are going: totals, fees collected, and applications per day, status, course and degree. */
export function DashboardPage() {
  const { t } = useTranslation();
  const { params, update } = useUrlQuery();
  const dateFrom = params.get("dateFrom") ?? undefined;
  const dateTo = params.get("dateTo") ?? undefined;
  // The server's rule, checked here first: a reversed or over-long range is explained, not sent.
  const range = dashboardQuerySchema.safeParse({ dateFrom, dateTo });
  const rangeProblem = range.success ? undefined : range.error.issues[0]?.message;
  const dashboard = useDashboard({ dateFrom, dateTo }, range.success);
  const data = dashboard.data;
  const loading = dashboard.isPending;

  const statistics = [
    { key: "applications", title: t("reports.applications"), value: data?.totals.applications, format: formatCount },
    { key: "submitted", title: t("reports.submitted"), value: data?.totals.submitted, format: formatCount, note: t("reports.submittedHint") },
    { key: "approved", title: t("reports.approved"), value: data?.totals.approved, format: formatCount },
    {
      key: "fees",
      title: t("reports.feesCollected"),
      value: data?.feesCollected.applicationFees,
      format: formatRupees,
      note: t("reports.payments", { count: formatCount(data?.feesCollected.count ?? 0) }),
    },
    {
      key: "termFees",
      title: t("reports.termFeesCollected"),
      value: data?.feesCollected.termFees,
      format: formatRupees,
      note: t("reports.termPayments", { count: formatCount(data?.feesCollected.termFeeCount ?? 0) }),
    },
  ];

  const rowsOf = <T extends { count: number }>(list: T[] | undefined, label: (item: T) => string): ChartRow[] =>
    (list ?? []).map((item) => ({ label: label(item), count: item.count }));
  const perDay = rowsOf(data?.perDay, (day) => day.date);
  // A status keeps its badge's colour, under its name in the reader's language.
  const byStatus = (data?.byStatus ?? []).map((row) => ({ label: applicationStatusLabel(t, row.status), count: row.count, colour: statusColour(row.status) }));
  const byCourse = rowsOf(data?.byCourse, (row) => row.course);
  const byDegree = rowsOf(data?.byDegree, (row) => row.degree);
  const charts = [
    {
      key: "perDay",
      title: t("reports.perDay"),
      subtitle: data && t("reports.period", { from: isolated(data.period.dateFrom), to: isolated(data.period.dateTo) }),
      labelHeader: t("reports.date"),
      rows: perDay,
      chart: <PerDayChart rows={perDay} />,
    },
    { key: "byStatus", title: t("reports.byStatus"), labelHeader: t("reports.status"), rows: byStatus, chart: <CountsChart rows={byStatus} /> },
    { key: "byCourse", title: t("reports.byCourse"), labelHeader: t("reports.course"), rows: byCourse, chart: <CountsChart rows={byCourse} /> },
    { key: "byDegree", title: t("reports.byDegree"), labelHeader: t("reports.degree"), rows: byDegree, chart: <CountsChart rows={byDegree} /> },
  ];

  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex vertical gap={12}>
          <Flex wrap justify="space-between" align="center" gap={12}>
            <Typography.Title level={1} className="page-title">
              {t("reports.dashboard")}
            </Typography.Title>
            <Link to={routes.admin}>
              <ArrowLeftOutlined aria-hidden /> {t("reports.backToApplications")}
            </Link>
          </Flex>
          <Row gutter={[12, 12]}>
            <Col xs={12} md={6} xl={4}>
              <Flex vertical gap={4} component="label">
                {t("reports.dateFrom")}
                <DayInput day={dateFrom ?? ""} max={dateTo} onDay={(day) => update({ dateFrom: day })} />
              </Flex>
            </Col>
            <Col xs={12} md={6} xl={4}>
              <Flex vertical gap={4} component="label">
                {t("reports.dateTo")}
                <DayInput day={dateTo ?? ""} min={dateFrom} onDay={(day) => update({ dateTo: day })} />
              </Flex>
            </Col>
          </Row>
          <Typography.Text type="secondary">{t("reports.rangeHint")}</Typography.Text>
          {rangeProblem && <Alert type="warning" showIcon role="alert" title={t(rangeMessageKeys.get(rangeProblem) ?? "errors.generic", { days: DASHBOARD_MAX_DAYS })} />}
          {dashboard.isError && <Alert type="error" showIcon role="alert" title={errorText(dashboard.error, t)} />}
        </Flex>
      </Card>

      {/* Figures of another range would mislead while the chosen one cannot be shown. */}
      {range.success && (
        <>
          <Row gutter={[16, 16]}>
            {statistics.map((statistic) => (
              // Four abreast only from xl: on a laptop beside the sidebar a quarter was narrower than
              // Tamil's one-word titles ("சமர்ப்பிக்கப்பட்டவை"), which ran out of their cards.
              <Col key={statistic.key} xs={24} sm={12} xl={6}>
                <Card loading={loading} className="dashboard-figure">
                  <Statistic title={statistic.title} value={statistic.value ?? 0} formatter={(value) => statistic.format(Number(value))} />
                  {statistic.note && <Typography.Text type="secondary">{statistic.note}</Typography.Text>}
                </Card>
              </Col>
            ))}
          </Row>
          <Row gutter={[16, 16]}>
            {charts.map(({ key, chart, ...card }) => (
              <Col key={key} xs={24} xl={12}>
                <ChartCard {...card} loading={loading}>
                  {chart}
                </ChartCard>
              </Col>
            ))}
          </Row>
        </>
      )}
    </Flex>
  );
}
