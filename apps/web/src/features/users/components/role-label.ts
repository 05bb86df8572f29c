import { useTranslation } from "react-i18next";
import { useRoles } from "../api/users";

/** A role's name for people: the four roles of SPEC.md in the chosen language, any other by its description in the roles table. */
export function useRoleLabel() {
  const { t } = useTranslation();
  const roles = useRoles();
  return (name: string) => t(`users.roleNames.${name}`, { defaultValue: roles.data?.find((role) => role.name === name)?.description ?? name });
}
