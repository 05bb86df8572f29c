import { z } from "zod";
import { ROLE_DEPARTMENT_ADMIN, isStaffRole } from "../constants/roles.js";
import { messages } from "../messages.js";
import { userMessages } from "../staff-messages.js";
import { emailField, mobileField } from "./auth.js";
import { pageQuerySchema, pageSchema } from "./envelope.js";
import { recordId } from "./record-id.js";

/** A role as `GET roles` lists it. */
export const roleSchema = z.object({ name: z.string(), description: z.string() });
export type Role = z.infer<typeof roleSchema>;

/** GET users: a page of accounts, searched by the e-mail's start or the mobile, filtered by role and state. */
export const userListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  role: z.string().trim().max(50).optional(),
  active: z.stringbool({ truthy: ["true"], falsy: ["false"] }).optional(),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;

export const userListItemSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  mobile: z.string().nullable(),
  role: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
  /** The degrees a department admin looks after; empty for everyone else. */
  degreeIds: z.array(z.number().int()),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

export const userListSchema = pageSchema(userListItemSchema);
export type UserList = z.infer<typeof userListSchema>;

/** The most degrees one department admin can be given: more than a college has, a bound on the request. */
const DEGREES_PER_USER_MAX = 200;

const roleField = z.string({ error: userMessages.roleRequired }).trim().min(1, userMessages.roleRequired).max(50, userMessages.roleUnknown);

const degreeIdsField = z
  .array(recordId(userMessages.degreeUnknown, { coerce: false }), {
    error: userMessages.degreeUnknown,
  })
  .max(DEGREES_PER_USER_MAX, userMessages.degreeUnknown)
  .default([])
  .transform((ids) => [...new Set(ids)].sort((a, b) => a - b));

/**
 * Degrees belong to department admins only: a department admin needs at least one, and for every
 * other role the list is dropped (a form that switched role away may still carry it).
 */
function withDegreesForDepartmentAdmins<S extends z.ZodType<{ role: string; degreeIds: number[] }>>(schema: S) {
  return schema
    .refine((user) => user.role !== ROLE_DEPARTMENT_ADMIN || user.degreeIds.length > 0, { path: ["degreeIds"], message: userMessages.degreesRequired })
    .transform((user): z.output<S> => (user.role === ROLE_DEPARTMENT_ADMIN ? user : { ...user, degreeIds: [] }));
}

export const userFields = {
  userName: emailField(messages.emailInvalid),
  mobile: mobileField,
  /** A new account is always staff's: applicants sign up, and students are made by admission. */
  staffRole: roleField.refine(isStaffRole, userMessages.staffRoleRequired),
  role: roleField,
  isActive: z.boolean({ error: userMessages.activeRequired }),
  degreeIds: degreeIdsField,
};

/** POST users: a staff account; the person chooses the password through the mailed reset code. */
export const createUserRequestSchema = withDegreesForDepartmentAdmins(
  z.object({ userName: userFields.userName, mobile: userFields.mobile, role: userFields.staffRole, degreeIds: userFields.degreeIds }),
);
export type CreateUserRequest = z.input<typeof createUserRequestSchema>;

/** PUT users/{id}: the role, whether the account may sign in, and a department admin's degrees. */
export const updateUserRequestSchema = withDegreesForDepartmentAdmins(
  z.object({ role: userFields.role, isActive: userFields.isActive, degreeIds: userFields.degreeIds }),
);
export type UpdateUserRequest = z.input<typeof updateUserRequestSchema>;

export const userIdParamsSchema = z.object({ id: recordId() });
