import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest, onSendHookHandler, preHandlerAsyncHookHandler } from "fastify";
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

export const minutes = (n: number) => n * 60_000;

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

/** Route hooks that count a call's attempts: spread into the route's options. */
export interface AttemptLimiter {
  preHandler: preHandlerAsyncHookHandler;
  /** With `successesFree`: gives an attempt that succeeded back to its account and its address. */
  onSend?: onSendHookHandler;
}

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Counts a request against both the address and the account it names. With `successesFree`, an
     * attempt that succeeds counts against neither: only failures lock them. With `only`,
     * the requests it does not pick are neither counted nor refused.
     */
    limitAttempts(
      name: string,
      limit: AuthLimit,
      account: (request: FastifyRequest) => string | undefined,
      options?: { successesFree?: boolean; only?: (request: FastifyRequest) => boolean },
    ): AttemptLimiter;
  }
}

/**
 * For a call that asks the card gateway about every order of the caller still waiting for its word,
 * up to a hundred, each with the college's merchant code: pressed without end it would have the
 * gateway throttle the college. Someone waiting for a payment presses a few times; an office or a
 * cyber cafe shares one address among many.
 */
export const gatewayAskingLimit: AuthLimit = { perAddress: { max: 300, windowMs: minutes(15) }, perAccount: { max: 20, windowMs: minutes(15) } };

/** A counter's limit that is never reached: the successes are counted, never limited. */
const UNLIMITED = Number.MAX_SAFE_INTEGER;

/** An account's or an address's successful attempts within a window, which `successesFree` gives back to its limit. */
function successCounter(app: FastifyInstance, keyGenerator: (request: FastifyRequest) => string, windowMs: number) {
  const counter = app.createRateLimit({ max: UNLIMITED, timeWindow: windowMs, keyGenerator });
  return {
    async countOf(request: FastifyRequest): Promise<number> {
      const counted = await counter(request, { increment: false });
      return counted.isAllowed ? 0 : UNLIMITED - counted.remaining;
    },
    async add(request: FastifyRequest): Promise<void> {
      await counter(request);
    },
  };
}

export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  // In-process counters: one instance per college. Several instances would share a Redis store here.
  // The counters live in one LRU map of `cache` keys (an address, an account, and the successes of
  // each per call). At the library's 5,000 a deadline hour's sign-ins (about 11 a second, four keys
  // each) pushed an idle counter out within two minutes, so a locked account could be guessed at again
  // long before its 15 minutes; 50,000 keys (12 MiB when full) outlast the window at that rate (39,600).
  await app.register(rateLimit, { global: false, cache: 50_000 });

  app.decorate("limitAttempts", (name, limit, account, { successesFree = false, only } = {}) => {
    // Every attempt is counted as it starts, so that guesses sent all at once are stopped as surely
    // as guesses sent one by one; a success is then given back by raising the allowance by one.
    // Counting only failures as they end would let every guess already in flight through. Given
    // back to the address too: a college lab or a help desk behind one address signed its 101st
    // person in on deadline day to a 429, while its wrong passwords stay within the limit all the
    // same (each success given back was counted as it started).
    const addressSuccesses = successesFree ? successCounter(app, (request) => `${name}:address-successes:${request.ip}`, limit.perAddress.windowMs) : undefined;
    const byAddress = app.createRateLimit({
      max: addressSuccesses ? async (request) => limit.perAddress.max + (await addressSuccesses.countOf(request)) : limit.perAddress.max,
      timeWindow: limit.perAddress.windowMs,
      keyGenerator: (request) => `${name}:address:${request.ip}`,
    });
    const successes = successesFree
      ? successCounter(app, (request) => `${name}:account-successes:${account(request) ?? ""}`, limit.perAccount.windowMs)
      : undefined;
    const byAccount = app.createRateLimit({
      max: successes ? async (request) => limit.perAccount.max + (await successes.countOf(request)) : limit.perAccount.max,
      timeWindow: limit.perAccount.windowMs,
      keyGenerator: (request) => `${name}:account:${account(request) ?? ""}`,
    });
    const preHandler: preHandlerAsyncHookHandler = async (request, reply) => {
      if (only && !only(request)) return;
      const [address, accountLimit] = await Promise.all([byAddress(request), byAccount(request)]);
      const exceeded = [address, accountLimit].filter((result) => !result.isAllowed && result.isExceeded);
      if (exceeded.length > 0) {
        const waitSeconds = Math.max(...exceeded.map((result) => (result.isAllowed ? 0 : result.ttlInSeconds)));
        reply.header("retry-after", String(waitSeconds));
        request.log.warn({ limiter: name, account: account(request) }, "rate limit reached");
        throw new TooManyRequestsError();
      }
    };
    if (!successes || !addressSuccesses) return { preHandler };
    // Before the answer leaves, so that the next attempt already finds the allowances raised.
    const onSend: onSendHookHandler = async (request, reply, payload) => {
      if (reply.statusCode < 400 && (!only || only(request))) await Promise.all([successes.add(request), addressSuccesses.add(request)]);
      return payload;
    };
    return { preHandler, onSend };
  });
});
