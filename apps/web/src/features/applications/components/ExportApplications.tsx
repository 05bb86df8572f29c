import { useTranslation } from "react-i18next";
import { ExcelExport } from "../../../components/ExcelExport";
import { apiPaths } from "../../../lib/paths";

/** The list's own parameters that are not filters: the export takes every matching row, oldest first. */
const notFilters = ["pageNo", "pageSize", "sort", "order"];

/** Export to Excel with the list's current filters. */
export function ExportApplications({ params }: { params: URLSearchParams }) {
  const { t } = useTranslation();
  const pathOf = () => {
    const filters = new URLSearchParams(params);
    for (const key of notFilters) filters.delete(key);
    return apiPaths.exportApplications(filters.toString());
  };
  return <ExcelExport pathOf={pathOf} fileName="applications.xlsx" countText={(count) => t("reports.toExport", { count })} />;
}
