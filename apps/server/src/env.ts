import { isIP } from "node:net";
import path from "node:path";
import { isKnownTimeZone } from "@admissions/shared";
import { z } from "zod";

/** Environment variables read as unset when empty, so `FOO=` in a shell does not mean "the empty string". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const positiveInt = (fallback: number) =>
  z.preprocess(
    (value) => (value === "" || value === undefined ? fallback : value),
    z.coerce.number({ error: "must be a whole number" }).int("must be a whole number").positive("must be above 0"),
  );

/**
 * Connections each instance keeps to PostgreSQL at most. PostgreSQL's own advice is about twice its
 * cores plus one, shared by all instances; more backends than that only take turns at the same cores.
 * On two cores shared with the app, 5 rather than 20 cut the p99 of status calls at 1,000 connections
 * from about 4 s to 0.8 to 1.9 s at the same rates (docs/PERFORMANCE.md, ninth round).
 */
export const DEFAULT_DATABASE_POOL_SIZE = 5;

const PORT_RANGE = "must be a port from 1 to 65535";

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);
/** An IPv4 or IPv6 address, or a CIDR range of them. */
const isProxyAddress = (entry: string) => {
  const [address = "", bits, ...rest] = entry.split("/");
  return isIP(address) !== 0 && rest.length === 0 && (bits === undefined || /^\d{1,3}$/.test(bits));
};

/**
 * Which proxies' word on the client's address is trusted (Fastify's trustProxy): their addresses or
 * CIDR ranges, or proxy-addr's names (`loopback` for a reverse proxy on the same machine). Never
 * `true`, which believes every `X-Forwarded-For` entry: its leftmost ones are whatever the client
 * wrote, so a client naming a new address on every call would slip every per-address limit and write
 * false addresses into the activity log. Nor a hop count, which this Fastify no longer honours.
 */
const trustProxySetting = z
  .string()
  .default("false")
  .transform((value, ctx): false | string => {
    const text = value.trim();
    if (text === "" || text === "false") return false;
    const proxies = text.split(",").map((entry) => entry.trim());
    if (proxies.every((entry) => PROXY_NAMES.has(entry) || isProxyAddress(entry))) return proxies.join(",");
    ctx.addIssue({
      code: "custom",
      message:
        text === "true"
          ? "name the reverse proxy's addresses (loopback for one on this machine) instead of true, which lets every client choose its own address"
          : "must be false or the reverse proxies' addresses, CIDR ranges or loopback, separated by commas",
    });
    return z.NEVER;
  });

/** An address the app or the gateway is reached at, if set. */
const optionalWebUrl = () => optional(z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }));

const settingsSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.preprocess(
      (value) => (value === "" || value === undefined ? 3000 : value),
      z.coerce.number({ error: PORT_RANGE }).int(PORT_RANGE).min(1, PORT_RANGE).max(65535, PORT_RANGE),
    ),
    HOST: z.string().min(1).default("127.0.0.1"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: optional(
      z.string().regex(/^postgres(ql)?:\/\/.+/, "must be a postgres:// or postgresql:// URL"),
    ),
    DATABASE_POOL_SIZE: positiveInt(DEFAULT_DATABASE_POOL_SIZE),
    PUBLIC_URL: optionalWebUrl(),
    SMTP_URL: optional(z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" })),
    MAIL_FROM: z.string().min(3).default("Admissions Office <admissions@localhost>"),
    COLLEGE_NAME: z.string().min(1).default("Government Arts and Science College"),
    COLLEGE_TIME_ZONE: z.string().default("Asia/Kolkata").refine(isKnownTimeZone, "must be an IANA time zone such as Asia/Kolkata"),
    CCAVENUE_MERCHANT_ID: optional(z.string()),
    CCAVENUE_ACCESS_CODE: optional(z.string()),
    CCAVENUE_WORKING_KEY: optional(z.string()),
    CCAVENUE_TRANSACTION_URL: optionalWebUrl(),
    CCAVENUE_STATUS_URL: optionalWebUrl(),
    PAYMENT_SANDBOX: z.preprocess((value) => (value === "" ? undefined : value), z.enum(["true", "false"], { error: "must be true or false" }).default("false")),
    ADMIN_EMAIL: optional(z.email("must be an e-mail address")),
    ADMIN_PASSWORD: optional(z.string().min(8, "must be at least 8 characters")),
    SESSION_IDLE_MINUTES: positiveInt(120),
    SESSION_ABSOLUTE_HOURS: positiveInt(12),
    TRUST_PROXY: trustProxySetting,
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  })
  .superRefine((env, ctx) => {
    if (!!env.ADMIN_EMAIL !== !!env.ADMIN_PASSWORD) {
      ctx.addIssue({
        code: "custom",
        path: [env.ADMIN_EMAIL ? "ADMIN_PASSWORD" : "ADMIN_EMAIL"],
        message: "ADMIN_EMAIL and ADMIN_PASSWORD must be set together",
      });
    }
    const merchant = [env.CCAVENUE_MERCHANT_ID, env.CCAVENUE_ACCESS_CODE, env.CCAVENUE_WORKING_KEY];
    if (merchant.some(Boolean) && !merchant.every(Boolean)) {
      ctx.addIssue({
        code: "custom",
        path: ["CCAVENUE_MERCHANT_ID"],
        message: "CCAVENUE_MERCHANT_ID, CCAVENUE_ACCESS_CODE and CCAVENUE_WORKING_KEY must be set together",
      });
    }
    // The built-in sandbox's keys are public: served to the world, it lets anyone mark their own fee
    // paid. An https address is a deployment, which takes payments through a merchant account.
    if (env.PUBLIC_URL?.startsWith("https:") && !merchant.some(Boolean) && env.PAYMENT_SANDBOX !== "true") {
      ctx.addIssue({
        code: "custom",
        path: ["CCAVENUE_MERCHANT_ID"],
        message:
          "PUBLIC_URL is https:// but no merchant account is set: the built-in sandbox gateway, whose keys are public, would let anyone mark a fee paid. Set the CCAVENUE_* account, or PAYMENT_SANDBOX=true for a test deployment",
      });
    }
  });

export type Settings = ReturnType<typeof loadSettings>;

export class SettingsError extends Error {}

/** Reads and checks the settings once at start; a bad one stops the app with a message naming it. */
export function loadSettings(env: NodeJS.ProcessEnv = process.env) {
  const parsed = settingsSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = issue.path.join(".") || "environment";
      return `  ${name}: ${issue.message}`;
    });
    throw new SettingsError(`Invalid settings, the app cannot start:\n${lines.join("\n")}`);
  }
  const raw = parsed.data;
  const publicUrl = new URL(raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`);
  return {
    env: raw.NODE_ENV,
    port: raw.PORT,
    host: raw.HOST,
    dataDir: path.resolve(raw.DATA_DIR),
    databaseUrl: raw.DATABASE_URL,
    databasePoolSize: raw.DATABASE_POOL_SIZE,
    publicUrl: publicUrl.origin,
    secureCookies: publicUrl.protocol === "https:",
    smtpUrl: raw.SMTP_URL,
    mailFrom: raw.MAIL_FROM,
    collegeName: raw.COLLEGE_NAME,
    /** Whose calendar dates applications, numbers their years and prints receipts' times. */
    timeZone: raw.COLLEGE_TIME_ZONE,
    gateway: {
      merchantId: raw.CCAVENUE_MERCHANT_ID,
      accessCode: raw.CCAVENUE_ACCESS_CODE,
      workingKey: raw.CCAVENUE_WORKING_KEY,
      transactionUrl: raw.CCAVENUE_TRANSACTION_URL,
      statusUrl: raw.CCAVENUE_STATUS_URL,
    },
    firstAdmin: raw.ADMIN_EMAIL && raw.ADMIN_PASSWORD ? { email: raw.ADMIN_EMAIL.toLowerCase(), password: raw.ADMIN_PASSWORD } : undefined,
    session: {
      idleMs: raw.SESSION_IDLE_MINUTES * 60_000,
      absoluteMs: raw.SESSION_ABSOLUTE_HOURS * 3_600_000,
    },
    trustProxy: raw.TRUST_PROXY,
    logLevel: raw.LOG_LEVEL,
  };
}

/** For the entry points: a bad setting prints its message and stops the process, without a stack trace. */
export function loadSettingsOrExit(env: NodeJS.ProcessEnv = process.env): Settings {
  try {
    return loadSettings(env);
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
