import { useTranslation } from "react-i18next";

/**
 * Action names (`user.signin`) and record kinds (`payment_order`) in the chosen language. Modules add
 * new ones over time; one the catalogues do not know yet shows as the server wrote it.
 */
export function useActivityLabels() {
  const { t } = useTranslation();
  return {
    actionLabel: (action: string) => t(`activity.actionNames.${action}`, { defaultValue: action }),
    entityLabel: (entityType: string) => t(`activity.entityTypes.${entityType}`, { defaultValue: entityType }),
  };
}
