import cookie from "@fastify/cookie";
import formbody from "@fastify/formbody";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyServerOptions } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { notices } from "@admissions/shared";
import type { AppContext } from "./context.js";
import { academicRoutes } from "./modules/academic/academic.routes.js";
import { activityRoutes } from "./modules/activity/activity.routes.js";
import { admissionsRoutes } from "./modules/admissions/admissions.routes.js";
import { applicationsRoutes } from "./modules/admissions/applications.routes.js";
import { authRoutes } from "./modules/auth/auth.routes.js";
import { decisionsRoutes } from "./modules/decisions/decisions.routes.js";
import { feesRoutes } from "./modules/fees/fees.routes.js";
import { healthRoutes } from "./modules/health/health.routes.js";
import { mastersRoutes } from "./modules/masters/masters.routes.js";
import { gatewayOf } from "./modules/payments/gateway.js";
import { paymentsRoutes } from "./modules/payments/payments.routes.js";
import { sandboxRoutes } from "./modules/payments/sandbox.routes.js";
import { reportsRoutes } from "./modules/reports/reports.routes.js";
import { studentImportRoutes } from "./modules/student-import/student-import.routes.js";
import { studentsRoutes } from "./modules/students/students.routes.js";
import { uploadsRoutes } from "./modules/uploads/uploads.routes.js";
import { usersRoutes } from "./modules/users/users.routes.js";
import { authPlugin } from "./plugins/auth.js";
import { errorsPlugin } from "./plugins/errors.js";
import { defaultAuthLimits, rateLimitPlugin, type AuthLimits } from "./plugins/rate-limit.js";
import { securityPlugin } from "./plugins/security.js";
import { storedTextPlugin } from "./plugins/stored-text.js";
import { webAppPlugin, webDistFolder } from "./plugins/web-app.js";

export interface BuildAppOptions {
  ctx: AppContext;
  logger?: FastifyServerOptions["logger"];
  authLimits?: AuthLimits;
  /** The built web app to serve; tests leave it out. */
  webRoot?: string | false;
}

/** JSON bodies are small (the whole admission form is a few KiB); files go through multipart. */
const BODY_LIMIT_BYTES = 256 * 1024;

/** Builds the whole app without listening, so tests drive it through `inject`. */
export async function buildApp(options: BuildAppOptions) {
  const { ctx } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: ctx.settings.trustProxy,
    requestTimeout: 120_000,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("ctx", ctx);

  await app.register(errorsPlugin);
  const gateway = gatewayOf(ctx.settings);
  await app.register(securityPlugin, {
    publicUrl: ctx.settings.publicUrl,
    // The sandbox is served from our own origin, which 'self' already allows.
    formTargets: gateway.sandbox ? [] : [new URL(gateway.transactionUrl).origin],
    crossSiteAllowed: ["/booking/payments/ccavenue/"],
  });
  await app.register(cookie);
  // The card gateway posts form-encoded bodies back.
  await app.register(formbody);
  // A request that names JSON as its type but sends nothing to a call that takes no body (a sign-out,
  // whose body SPEC.md leaves empty) is answered; a call that takes one still refuses the empty body.
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) =>
    body === "" && !request.routeOptions.schema?.body ? done(null, undefined) : parseJson(request, String(body), done),
  );
  await app.register(rateLimitPlugin);
  await app.register(authPlugin);
  await app.register(storedTextPlugin);

  await app.register(swagger, {
    openapi: {
      info: {
        title: "College admissions API",
        version: "1",
        description: "Every answer is the envelope {status, message, data}. Sign in to get the session cookie.",
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/booking/docs", staticCSP: true });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { engine: options.ctx.engine });
      await api.register(authRoutes, { prefix: "/api/auth", limits: options.authLimits ?? defaultAuthLimits });
      await api.register(mastersRoutes);
      await api.register(admissionsRoutes);
      await api.register(applicationsRoutes);
      await api.register(decisionsRoutes);
      await api.register(uploadsRoutes);
      await api.register(paymentsRoutes);
      await api.register(feesRoutes);
      await api.register(reportsRoutes);
      await api.register(activityRoutes);
      await api.register(usersRoutes);
      await api.register(studentsRoutes);
      await api.register(studentImportRoutes);
      await api.register(academicRoutes);
    },
    { prefix: "/booking" },
  );

  if (gateway.sandbox) await app.register(sandboxRoutes, { prefix: "/sandbox-gateway" });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ status: "error", message: notices.notFound, data: null });
  });

  const webRoot = options.webRoot === undefined ? webDistFolder : options.webRoot;
  if (webRoot) await app.register(webAppPlugin, { root: webRoot, publicUrl: ctx.settings.publicUrl });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
