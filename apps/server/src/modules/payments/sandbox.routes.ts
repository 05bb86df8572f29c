import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  SandboxRequestError,
  answerStatusRequest,
  choicePage,
  decideSandboxPayment,
  errorPage,
  readSandboxRequest,
  recordSandboxVisit,
  returnPage,
  returnScript,
  sandboxStyles,
} from "./sandbox.js";

const requestForm = z.object({ encRequest: z.string().max(20_000).optional(), access_code: z.string().max(100).optional() });

/** The gateway this app serves itself when no merchant account is set: same form, same cipher, same answers. */
export const sandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = { tags: ["sandbox gateway"], hide: true };

  app.post("/transaction", { schema: { ...schema, body: requestForm } }, async (request, reply) => {
    reply.type("text/html; charset=utf-8");
    try {
      const fields = readSandboxRequest(request.body.encRequest, request.body.access_code);
      await recordSandboxVisit(app.ctx.db, fields);
      return choicePage(fields, request.body.encRequest!, request.body.access_code!);
    } catch (error) {
      if (!(error instanceof SandboxRequestError)) throw error;
      return reply.status(400).send(errorPage(error.message));
    }
  });

  app.post(
    "/decide",
    { schema: { ...schema, body: requestForm.extend({ outcome: z.enum(["Success", "Failure", "Aborted"]) }) } },
    async (request, reply) => {
      reply.type("text/html; charset=utf-8");
      try {
        const fields = readSandboxRequest(request.body.encRequest, request.body.access_code);
        const { target, encResp, orderId } = await decideSandboxPayment(app.ctx.db, fields, request.body.outcome);
        return returnPage(target, encResp, orderId);
      } catch (error) {
        if (!(error instanceof SandboxRequestError)) throw error;
        return reply.status(400).send(errorPage(error.message));
      }
    },
  );

  app.post("/api", { schema: { ...schema, body: z.record(z.string(), z.string()) } }, async (request, reply) =>
    reply.type("text/plain; charset=utf-8").send(await answerStatusRequest(app.ctx.db, request.body)),
  );

  app.get("/return.js", { schema }, async (_request, reply) => reply.type("text/javascript; charset=utf-8").send(returnScript));
  app.get("/sandbox.css", { schema }, async (_request, reply) => reply.type("text/css; charset=utf-8").send(sandboxStyles));
};
