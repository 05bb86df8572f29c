import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import fp from "fastify-plugin";
import { TooManyRequestsError } from "../errors.js";

export interface Limit {
  max: number;
  windowMs: number;
}

/** Attempts allowed per client address and per account (the e-mail named in the request). */
export interface AuthLimit {
  perAddress: Limit;
  perAccount: Limit;
}

export type AuthLimits = Record<"signin" | "signup" | "forgotPassword" | "resetPassword", AuthLimit>;

const minutes = (n: number) => n * 60_000;

/**
 * Generous enough for a college office or a cyber cafe where many applicants share one address,
 * tight enough that guessing a password or a 6-digit code is hopeless.
 */
export const defaultAuthLimits: AuthLimits = {
  signin: { perAddress: { max: 100, windowMs: minutes(15) }, perAccount: { max: 10, windowMs: minutes(15) } },
  signup: { perAddress: { max: 30, windowMs: minutes(60) }, perAccount: { max: 5, windowMs: minutes(60) } },
  forgotPassword: { perAddress: { max: 20, windowMs: minutes(60) }, perAccount: { max: 5, windowMs: minutes(60) } },
  resetPassword: { perAddress: { max: 30, windowMs: minutes(15) }, perAccount: { max: 10, windowMs: minutes(15) } },
};

declare module "fastify" {
  interface FastifyInstance {
    /** A preHandler counting a request against both the address and the account it names. */
    limitAttempts(name: string, limit: AuthLimit, account: (request: FastifyRequest) => string | undefined): preHandlerAsyncHookHandler;
  }
}

export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  // In-process counters: one instance per college. Several instances would share a Redis store here.
  await app.register(rateLimit, { global: false });

  app.decorate("limitAttempts", (name: string, limit: AuthLimit, account: (request: FastifyRequest) => string | undefined) => {
    const byAddress = app.createRateLimit({
      max: limit.perAddress.max,
      timeWindow: limit.perAddress.windowMs,
      keyGenerator: (request) => `${name}:address:${request.ip}`,
    });
    const byAccount = app.createRateLimit({
      max: limit.perAccount.max,
      timeWindow: limit.perAccount.windowMs,
      keyGenerator: (request) => `${name}:account:${account(request) ?? ""}`,
    });
    return async (request, reply) => {
      const [address, accountLimit] = await Promise.all([byAddress(request), byAccount(request)]);
      const exceeded = [address, accountLimit].filter((result) => !result.isAllowed && result.isExceeded);
      if (exceeded.length > 0) {
        const waitSeconds = Math.max(...exceeded.map((result) => (result.isAllowed ? 0 : result.ttlInSeconds)));
        reply.header("retry-after", String(waitSeconds));
        request.log.warn({ limiter: name, account: account(request) }, "rate limit reached");
        throw new TooManyRequestsError();
      }
    };
  });
});
