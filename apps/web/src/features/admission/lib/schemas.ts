/**
 * The admission form's shared checks, imported only on demand (`admissionRule`, and the whole form's
 * check when it is sent): they bring zod, which the form's first download leaves out.
 */
export { admissionFields, admissionSchema } from "@admissions/shared";
