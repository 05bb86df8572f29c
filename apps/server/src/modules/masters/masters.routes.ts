import {
  ROLE_ADMIN,
  courseCreateSchema,
  courseSchema,
  courseUpdateSchema,
  degreeCreateSchema,
  degreeSchema,
  degreeUpdateSchema,
  envelope,
  feeStructureParamsSchema,
  feeStructureQuerySchema,
  feeStructureUpdateSchema,
  feeTermSchema,
  isStaffRole,
  masterIdParamsSchema,
  mastersListQuerySchema,
  notices,
  type Course,
  type Degree,
} from "@admissions/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { responses, success } from "../../http.js";
import { requestMeta } from "../../plugins/auth.js";
import { findCourses, findDegrees, type CourseRow, type DegreeRow } from "./masters.repository.js";
import { createCourse, createDegree, editCourse, editDegree, readFeeStructure, saveFeeStructure } from "./masters.service.js";

/** `withStatus` false gives the active list its original shape (what the admission form reads). */
const presentCourse = ({ id, name, applicationFee, isActive }: CourseRow, withStatus = true): Course =>
  withStatus ? { id, name, applicationFee, isActive } : { id, name, applicationFee };
const presentDegree = ({ id, name, courseId, isActive }: DegreeRow, withStatus = true): Degree =>
  withStatus ? { id, name, courseId, isActive } : { id, name, courseId };

/**
 * SPEC.md section 7: courses and degrees for everyone signed in (the admission form offers the active
 * ones), and their upkeep with each degree's fee structure: staff read everything, only admins write.
 */
export const mastersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["masters"];
  const adminOnly = app.requireRoles(ROLE_ADMIN);
  const writeErrors = [400, 401, 403, 404, 409] as const;
  const writeOf = (request: FastifyRequest) => ({ ctx: app.ctx, actor: request.actor!, meta: requestMeta(request) });
  /** includeInactive is a staff view; applicants always get what the admission form may offer. */
  const staffView = (request: FastifyRequest, includeInactive: boolean | undefined) => isStaffRole(request.actor!.role) && includeInactive === true;

  app.get(
    "/courses",
    {
      schema: {
        tags,
        summary: "Courses with their application fee in rupees: the active ones, or all for staff with includeInactive=true",
        querystring: mastersListQuerySchema,
        response: responses(envelope(z.array(courseSchema)), 400, 401),
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const includeInactive = staffView(request, request.query.includeInactive);
      return success((await findCourses(app.ctx.db, { includeInactive })).map((row) => presentCourse(row, includeInactive)));
    },
  );

  app.post(
    "/courses",
    {
      schema: {
        tags,
        summary: "Add a course (admin); its name is upper-cased and unique",
        body: courseCreateSchema,
        response: responses(envelope(courseSchema), ...writeErrors),
      },
      onRequest: adminOnly,
    },
    async (request) => success(presentCourse(await createCourse(writeOf(request), request.body)), notices.saved),
  );

  app.put(
    "/courses/:id",
    {
      schema: {
        tags,
        summary: "Change a course's name, application fee or whether it is open (admin); UG and PG keep their names",
        params: masterIdParamsSchema,
        body: courseUpdateSchema,
        response: responses(envelope(courseSchema), ...writeErrors),
      },
      onRequest: adminOnly,
    },
    async (request) => success(presentCourse(await editCourse(writeOf(request), request.params.id, request.body)), notices.saved),
  );

  app.get(
    "/degrees",
    {
      schema: {
        tags,
        summary: "Degrees; courseId 1 is UG and 2 is PG. The active ones of active courses, or all for staff with includeInactive=true",
        querystring: mastersListQuerySchema,
        response: responses(envelope(z.array(degreeSchema)), 400, 401),
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const includeInactive = staffView(request, request.query.includeInactive);
      return success((await findDegrees(app.ctx.db, { includeInactive })).map((row) => presentDegree(row, includeInactive)));
    },
  );

  app.post(
    "/degrees",
    {
      schema: {
        tags,
        summary: "Add a degree under a course (admin); unique per course",
        body: degreeCreateSchema,
        response: responses(envelope(degreeSchema), ...writeErrors),
      },
      onRequest: adminOnly,
    },
    async (request) => success(presentDegree(await createDegree(writeOf(request), request.body)), notices.saved),
  );

  app.put(
    "/degrees/:id",
    {
      schema: {
        tags,
        summary: "Rename, move or (de)activate a degree (admin); never deleted, and its course is fixed once it has applications",
        params: masterIdParamsSchema,
        body: degreeUpdateSchema,
        response: responses(envelope(degreeSchema), ...writeErrors),
      },
      onRequest: adminOnly,
    },
    async (request) => success(presentDegree(await editDegree(writeOf(request), request.params.id, request.body)), notices.saved),
  );

  app.get(
    "/feeStructures",
    {
      schema: {
        tags,
        summary: "A degree's fee structure (staff): year 1-3, term 1-2, amount in rupees, feeCode",
        querystring: feeStructureQuerySchema,
        response: responses(envelope(z.array(feeTermSchema)), 400, 401, 403, 404),
      },
      onRequest: app.requireStaff,
    },
    async (request) => success(await readFeeStructure(app.ctx, request.query.degreeId)),
  );

  app.put(
    "/feeStructures/:degreeId",
    {
      schema: {
        tags,
        summary: "Replace a degree's whole fee structure (admin); fee codes are unique across degrees",
        params: feeStructureParamsSchema,
        body: feeStructureUpdateSchema,
        response: responses(envelope(z.array(feeTermSchema)), ...writeErrors),
      },
      onRequest: adminOnly,
    },
    async (request) => success(await saveFeeStructure(writeOf(request), request.params.degreeId, request.body.terms), notices.saved),
  );
};
