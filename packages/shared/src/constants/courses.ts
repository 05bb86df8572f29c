/**
 * The courses the admission form takes, by id, with their names, which staff cannot change (the
 * application numbers begin with them): DESIGN.md's UG (courseId 1) and PG (courseId 2), the two whose
 * exam details the form asks for. Staff may add other courses; their degrees take students by
 * import, not by the admission form.
 */
export const admissionCourses: Readonly<Record<number, "UG" | "PG">> = { 1: "UG", 2: "PG" };
