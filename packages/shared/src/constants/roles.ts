export const ROLE_USER = "ROLE_USER";
export const ROLE_STUDENT = "ROLE_STUDENT";
export const ROLE_ADMIN = "ROLE_ADMIN";
export const ROLE_DEPARTMENT_ADMIN = "ROLE_DEPARTMENT_ADMIN";

/** The roles the product knows. Applicants sign up as ROLE_USER; approval makes them ROLE_STUDENT. */
export const ROLES = [ROLE_USER, ROLE_STUDENT, ROLE_ADMIN, ROLE_DEPARTMENT_ADMIN] as const;
export type RoleName = (typeof ROLES)[number];

/** SPEC.md section 6: any role other than an applicant's or a student's belongs to the staff area. */
export function isStaffRole(role: string | null | undefined): boolean {
  return !!role && role !== ROLE_USER && role !== ROLE_STUDENT;
}
