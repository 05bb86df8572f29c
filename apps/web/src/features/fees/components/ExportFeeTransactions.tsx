import { useTranslation } from "react-i18next";
import { ExcelExport } from "../../../components/ExcelExport";
import { apiPaths } from "../../../lib/paths";

/** Export to Excel with the list's current filters (not its page). */
export function ExportFeeTransactions({ filters }: { filters: URLSearchParams }) {
  const { t } = useTranslation();
  const pathOf = () => {
    const query = new URLSearchParams(filters);
    query.delete("pageNo");
    return apiPaths.exportFeeTransactions(query.toString());
  };
  return <ExcelExport pathOf={pathOf} fileName="fee-transactions.xlsx" countText={(count) => t("fees.transactions.toExport", { count })} />;
}
