import {
  envelope,
  studentDetailSchema,
  studentEditorRoles,
  studentFilterSchema,
  studentIdParamsSchema,
  studentListSchema,
  studentMessages,
  studentSchema,
  studentUpdateSchema,
} from "@admissions/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { responses, success } from "../../http.js";
import { requestMeta } from "../../plugins/auth.js";
import { getStudentDetail, listStudents, updateStudentRecord } from "./students.service.js";

/**
 * SPEC.md section 7's students calls (staff; a department admin sees only their degrees' students):
 * the list, the list by filter, one student, and the edit. Students are made by approval and import.
 */
export const studentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["students"];
  const listResponse = responses(envelope(studentListSchema), 400, 401, 403);

  app.get(
    "/students",
    {
      schema: {
        tags,
        summary: "A page of students (pageSize up to 10000), by admission number unless sorted; takes studentsFilter's filters too",
        querystring: studentFilterSchema,
        response: listResponse,
      },
      onRequest: app.requireStaff,
    },
    async (request) => success(await listStudents(app.ctx.db, request.actor!, request.query)),
  );

  app.post(
    "/studentsFilter",
    {
      schema: {
        tags,
        summary: "A page of students found by name, admission number, e-mail or mobile, filtered by course, degree, year, status and fee status",
        body: studentFilterSchema,
        response: listResponse,
      },
      onRequest: app.requireStaff,
    },
    async (request) => success(await listStudents(app.ctx.db, request.actor!, request.body)),
  );

  app.get(
    "/students/:id",
    {
      schema: {
        tags,
        summary: "One student: the record, the application form (null for imported students), fee terms and payments",
        params: studentIdParamsSchema,
        response: responses(envelope(studentDetailSchema), 400, 401, 403, 404),
      },
      onRequest: app.requireStaff,
    },
    async (request) => success(await getStudentDetail(app.ctx.db, request.actor!, request.params.id)),
  );

  app.post(
    "/students",
    {
      schema: {
        tags,
        summary:
          "Change a student's name, mobile, current year and status (ROLE_ADMIN, or a department admin for their degrees); the id is required; 409 when updatedAt is given and the record has changed since",
        body: studentUpdateSchema,
        response: responses(envelope(studentSchema), 400, 401, 403, 404, 409),
      },
      onRequest: app.requireRoles(...studentEditorRoles),
    },
    async (request) => success(await updateStudentRecord(app.ctx, request.actor!, request.body, requestMeta(request)), studentMessages.updated),
  );
};
