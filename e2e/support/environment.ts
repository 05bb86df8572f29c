import path from "node:path";
import { fileURLToPath } from "node:url";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4310);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const e2eRoot = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const repoRoot = path.dirname(e2eRoot);
/** Mail the SMTP sink received, one JSON file per message, read by the tests. */
export const mailFolder = path.join(e2eRoot, ".tmp", "mail");
export const dataFolder = path.join(e2eRoot, ".tmp", "data");

/** The accounts `npm run seed:demo` creates (apps/server/src/db/seed-demo.ts). */
export const DEMO_PASSWORD = "Demo@2026";
export const ADMIN = { email: "admin@demo.in", password: DEMO_PASSWORD };
/** Looks after B.SC. COMPUTER SCIENCE and B.SC. MATHEMATICS. */
export const DEPARTMENT_ADMIN = { email: "department@demo.in", password: DEMO_PASSWORD };
