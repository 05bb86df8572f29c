import { ROLE_ADMIN, ROLE_DEPARTMENT_ADMIN, ROLE_STUDENT, ROLE_USER } from "../constants/roles.js";

/** What the decider screen needs to know about the signed-in user's application. */
export interface DeciderFacts {
  roleName: string;
  /** examDetails.tweleveStatus of the student's admission record, when there is one. */
  tweleveStatus?: string | null;
  /** Whether `applicationStatus` answered with status success and data. */
  hasApplicationStatus?: boolean;
}

/** SPEC.md section 2, /deciderScreen: where a signed-in user belongs. */
export function deciderTarget(facts: DeciderFacts): string {
  switch (facts.roleName) {
    case ROLE_STUDENT:
      return facts.tweleveStatus === "APPEARED" ? "/admission" : "/feesDetail";
    case ROLE_USER:
      return facts.hasApplicationStatus ? "/transactionStatus" : "/admission";
    default:
      return "/admin";
  }
}

/** SPEC.md section 2, root path: an empty, / or /signin initial URL goes to the decider. */
export function rootTarget(initialUrl: string | null | undefined): string {
  if (!initialUrl || initialUrl === "/" || initialUrl === "/signin") return "/deciderScreen";
  return initialUrl;
}

export interface AdminMenuItem {
  key: string;
  path: string;
  /** i18n key of the label under `menu.` */
  label: string;
  group?: "master";
}

const adminMenu: (AdminMenuItem & { roles?: readonly string[] })[] = [
  { key: "applications", path: "/admin", label: "applications", group: "master" },
  { key: "newAdmission", path: "/admin-admission", label: "newAdmission", group: "master" },
  { key: "degree", path: "/master/grade", label: "degree", group: "master" },
  { key: "course", path: "/master/department", label: "course", group: "master" },
  { key: "feesTransaction", path: "/feesStatus", label: "feesTransaction", group: "master" },
  { key: "students", path: "/students/list", label: "students" },
  { key: "academicProcess", path: "/academicTransfer", label: "academicProcess", roles: [ROLE_ADMIN] },
  { key: "activityLog", path: "/activityLog", label: "activityLog" },
  {
    key: "studentImport",
    path: "/studentImport",
    label: "studentImport",
    roles: [ROLE_DEPARTMENT_ADMIN, ROLE_ADMIN],
  },
  { key: "user", path: "/user", label: "user", roles: [ROLE_ADMIN] },
];

/** SPEC.md section 2, admin sidebar: the items a staff role sees, in order. */
export function adminMenuFor(roleName: string): AdminMenuItem[] {
  return adminMenu
    .filter((item) => !item.roles || item.roles.includes(roleName))
    .map(({ roles: _roles, ...item }) => item);
}
