import { useTranslation } from "react-i18next";

/**
 * Action names (`user.signin`), record kinds (`payment_order`) and the names of an entry's details
 * (`trackingId`) in the chosen language. Modules add new ones over time; one the catalogues do not
 * know yet shows as the server wrote it.
 */
export function useActivityLabels() {
  const { t } = useTranslation();
  return {
    actionLabel: (action: string) => t(`activity.actionNames.${action}`, { defaultValue: action }),
    entityLabel: (entityType: string) => t(`activity.entityTypes.${entityType}`, { defaultValue: entityType }),
    detailLabel: (key: string) => t(`activity.detailNames.${key}`, { defaultValue: key }),
  };
}
