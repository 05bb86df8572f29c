import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadSettings, SettingsError } from "./env.js";

/** The message loadSettings stops with, or a failure when it does not stop. */
function refusal(env: Record<string, string>): string {
  try {
    loadSettings(env);
  } catch (error) {
    expect(error).toBeInstanceOf(SettingsError);
    return (error as SettingsError).message;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be refused`);
}

const merchant = {
  CCAVENUE_MERCHANT_ID: "123456",
  CCAVENUE_ACCESS_CODE: "AVAB00AA00AA00AAAA",
  CCAVENUE_WORKING_KEY: "0123456789ABCDEF0123456789ABCDEF",
};

describe("loadSettings", () => {
  it("runs with nothing set: port 3000, ./data made absolute, a local http address", () => {
    const settings = loadSettings({});
    expect(settings.port).toBe(3000);
    expect(settings.host).toBe("127.0.0.1");
    expect(path.isAbsolute(settings.dataDir)).toBe(true);
    expect(settings.dataDir).toBe(path.resolve("./data"));
    expect(settings.publicUrl).toBe("http://localhost:3000");
    expect(settings.secureCookies).toBe(false);
    expect(settings.databaseUrl).toBeUndefined();
    expect(settings.databasePoolSize).toBe(5);
    expect(settings.smtpUrl).toBeUndefined();
    expect(settings.firstAdmin).toBeUndefined();
    expect(settings.gateway).toEqual({ merchantId: undefined, accessCode: undefined, workingKey: undefined, transactionUrl: undefined });
    expect(settings.trustProxy).toBe(false);
    expect(settings.session).toEqual({ idleMs: 120 * 60_000, absoluteMs: 12 * 3_600_000 });
  });

  it("derives the default public address from PORT", () => {
    expect(loadSettings({ PORT: "8080" }).publicUrl).toBe("http://localhost:8080");
  });

  it("keeps only the origin of PUBLIC_URL and marks cookies Secure when it is https", () => {
    const settings = loadSettings({ PUBLIC_URL: "https://admissions.example.edu/some/path", PAYMENT_SANDBOX: "true" });
    expect(settings.publicUrl).toBe("https://admissions.example.edu");
    expect(settings.secureCookies).toBe(true);
  });

  it("refuses to serve the sandbox gateway, whose keys are public, at an https address unless told it is a test deployment", () => {
    expect(() => loadSettings({ PUBLIC_URL: "https://admissions.example.edu" })).toThrow(/CCAVENUE_MERCHANT_ID: PUBLIC_URL is https:\/\/ but no merchant account is set/);
    const merchant = { CCAVENUE_MERCHANT_ID: "12345", CCAVENUE_ACCESS_CODE: "AVCODE", CCAVENUE_WORKING_KEY: "0123456789abcdef0123456789abcdef" };
    expect(loadSettings({ PUBLIC_URL: "https://admissions.example.edu", ...merchant }).gateway.merchantId).toBe("12345");
    expect(loadSettings({ PUBLIC_URL: "https://test.example.edu", PAYMENT_SANDBOX: "true" }).secureCookies).toBe(true);
    expect(() => loadSettings({ PAYMENT_SANDBOX: "yes" })).toThrow(/PAYMENT_SANDBOX: must be true or false/);
  });

  it("resolves DATA_DIR against the working folder", () => {
    expect(loadSettings({ DATA_DIR: "var/admissions" }).dataDir).toBe(path.resolve("var/admissions"));
  });

  it("takes the first administrator's e-mail lower-cased", () => {
    expect(loadSettings({ ADMIN_EMAIL: "Principal@College.EDU", ADMIN_PASSWORD: "long-enough" }).firstAdmin).toEqual({
      email: "principal@college.edu",
      password: "long-enough",
    });
  });

  it("accepts the CCAvenue trio together", () => {
    expect(loadSettings(merchant).gateway).toMatchObject({ merchantId: "123456", workingKey: merchant.CCAVENUE_WORKING_KEY });
  });

  it("treats empty strings as unset", () => {
    const settings = loadSettings({
      PORT: "",
      DATABASE_URL: "",
      DATABASE_POOL_SIZE: "",
      PUBLIC_URL: "",
      SMTP_URL: "",
      ADMIN_EMAIL: "",
      ADMIN_PASSWORD: "",
      CCAVENUE_MERCHANT_ID: "",
      CCAVENUE_ACCESS_CODE: "",
      CCAVENUE_WORKING_KEY: "",
      CCAVENUE_TRANSACTION_URL: "",
      CCAVENUE_STATUS_URL: "",
      SESSION_IDLE_MINUTES: "",
      TRUST_PROXY: "",
    });
    expect(settings.port).toBe(3000);
    expect(settings.databaseUrl).toBeUndefined();
    expect(settings.databasePoolSize).toBe(5);
    expect(settings.publicUrl).toBe("http://localhost:3000");
    expect(settings.smtpUrl).toBeUndefined();
    expect(settings.firstAdmin).toBeUndefined();
    expect(settings.gateway.transactionUrl).toBeUndefined();
    expect(settings.gateway.statusUrl).toBeUndefined();
    expect(settings.session.idleMs).toBe(120 * 60_000);
    expect(settings.trustProxy).toBe(false);
  });

  it("trusts the proxies it is told of by address or as loopback, never every X-Forwarded-For entry", () => {
    expect(loadSettings({ TRUST_PROXY: "loopback" }).trustProxy).toBe("loopback");
    expect(loadSettings({ TRUST_PROXY: "10.0.0.5, 192.168.0.0/16,::1" }).trustProxy).toBe("10.0.0.5,192.168.0.0/16,::1");
    expect(loadSettings({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(refusal({ TRUST_PROXY: "true" })).toMatch(/^ {2}TRUST_PROXY: name the reverse proxy's addresses \(loopback for one on this machine\) instead of true/m);
    expect(refusal({ TRUST_PROXY: "2" })).toMatch(/^ {2}TRUST_PROXY: must be false or the reverse proxies' addresses/m);
    expect(refusal({ TRUST_PROXY: "proxy.local" })).toMatch(/^ {2}TRUST_PROXY: must be false or the reverse proxies' addresses/m);
  });

  it("takes the PostgreSQL pool's size as a whole number above 0", () => {
    expect(loadSettings({ DATABASE_POOL_SIZE: "12" }).databasePoolSize).toBe(12);
    expect(refusal({ DATABASE_POOL_SIZE: "0" })).toMatch(/^ {2}DATABASE_POOL_SIZE: must be above 0$/m);
    expect(refusal({ DATABASE_POOL_SIZE: "2.5" })).toMatch(/^ {2}DATABASE_POOL_SIZE: must be a whole number$/m);
    expect(refusal({ DATABASE_POOL_SIZE: "many" })).toMatch(/^ {2}DATABASE_POOL_SIZE: must be a whole number$/m);
  });

  it("accepts an empty CCAvenue field beside an unset one, but not one set alone", () => {
    expect(() => loadSettings({ CCAVENUE_MERCHANT_ID: "", CCAVENUE_ACCESS_CODE: "" })).not.toThrow();
    expect(refusal({ ...merchant, CCAVENUE_WORKING_KEY: "" })).toContain("CCAVENUE_MERCHANT_ID");
  });

  it.each([
    ["PORT", { PORT: "abc" }],
    ["PORT", { PORT: "70000" }],
    ["PORT", { PORT: "0" }],
    ["DATABASE_URL", { DATABASE_URL: "mysql://x" }],
    ["PUBLIC_URL", { PUBLIC_URL: "notaurl" }],
    ["PUBLIC_URL", { PUBLIC_URL: "ftp://example.edu" }],
    ["SMTP_URL", { SMTP_URL: "http://x" }],
    ["CCAVENUE_TRANSACTION_URL", { CCAVENUE_TRANSACTION_URL: "secure.ccavenue.com" }],
    ["CCAVENUE_STATUS_URL", { CCAVENUE_STATUS_URL: "ftp://apitest.ccavenue.com" }],
    ["ADMIN_EMAIL", { ADMIN_EMAIL: "principal", ADMIN_PASSWORD: "long-enough" }],
    ["ADMIN_PASSWORD", { ADMIN_EMAIL: "principal@college.edu" }],
    ["ADMIN_EMAIL", { ADMIN_PASSWORD: "long-enough" }],
    ["ADMIN_PASSWORD", { ADMIN_EMAIL: "principal@college.edu", ADMIN_PASSWORD: "short" }],
    ["CCAVENUE_MERCHANT_ID", { CCAVENUE_MERCHANT_ID: "123456" }],
    ["CCAVENUE_MERCHANT_ID", { CCAVENUE_WORKING_KEY: "0123456789ABCDEF" }],
    ["CCAVENUE_MERCHANT_ID", { CCAVENUE_MERCHANT_ID: "123456", CCAVENUE_ACCESS_CODE: "AVAB00AA00AA00AAAA" }],
    ["SESSION_IDLE_MINUTES", { SESSION_IDLE_MINUTES: "-5" }],
    ["TRUST_PROXY", { TRUST_PROXY: "yes" }],
    ["COLLEGE_TIME_ZONE", { COLLEGE_TIME_ZONE: "Mars/Olympus" }],
    ["LOG_LEVEL", { LOG_LEVEL: "loud" }],
  ])("refuses a bad %s and names it", (name, env) => {
    const message = refusal(env);
    expect(message).toMatch(new RegExp(`^  ${name}: `, "m"));
  });

  it.each(["abc", "70000", "0", "80.5"])("explains what PORT=%s should be", (PORT) => {
    expect(refusal({ PORT })).toMatch(/^ {2}PORT: must be a port from 1 to 65535$/m);
  });

  it("lists every bad variable at once", () => {
    const message = refusal({ PORT: "abc", SMTP_URL: "http://x" });
    expect(message).toMatch(/^ {2}PORT: /m);
    expect(message).toMatch(/^ {2}SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL$/m);
  });
});
