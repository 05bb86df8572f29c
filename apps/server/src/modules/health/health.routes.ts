import { envelope } from "@admissions/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { pingDatabase } from "../../db/client.js";
import { success } from "../../http.js";

export const healthRoutes: FastifyPluginAsyncZod<{ engine: string }> = async (app, { engine }) => {
  app.get(
    "/health",
    {
      schema: {
        tags: ["health"],
        summary: "200 when the app and its database answer",
        response: { 200: envelope(z.object({ database: z.literal("up"), engine: z.string() })) },
      },
    },
    async () => {
      await pingDatabase(app.ctx.db);
      return success({ database: "up" as const, engine }, "ok");
    },
  );
};
