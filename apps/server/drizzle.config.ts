import { defineConfig } from "drizzle-kit";

// Generates SQL migrations from src/db/schema; the app applies them itself at start.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema/index.ts",
  out: "./migrations",
});
