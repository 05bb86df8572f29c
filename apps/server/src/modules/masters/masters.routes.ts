import { envelope } from "@admissions/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { responses, success } from "../../http.js";
import { findActiveCourses, findActiveDegrees } from "./masters.repository.js";

const courseSchema = z.object({ id: z.number().int(), name: z.string(), applicationFee: z.number().int() });
const degreeSchema = z.object({ id: z.number().int(), name: z.string(), courseId: z.number().int() });

/** SPEC.md section 7: GET courses and degrees, for everyone signed in (the admission form needs them). */
export const mastersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["masters"];

  app.get(
    "/courses",
    { schema: { tags, summary: "Active courses with their application fee", response: responses(envelope(z.array(courseSchema)), 401) }, onRequest: app.requireUser },
    async () => success((await findActiveCourses(app.ctx.db)).map(({ id, name, applicationFee }) => ({ id, name, applicationFee }))),
  );

  app.get(
    "/degrees",
    { schema: { tags, summary: "Active degrees; courseId 1 is UG and 2 is PG", response: responses(envelope(z.array(degreeSchema)), 401) }, onRequest: app.requireUser },
    async () => success((await findActiveDegrees(app.ctx.db)).map(({ id, name, courseId }) => ({ id, name, courseId }))),
  );
};
