import { defineConfig } from "vitest/config";

// One run for every workspace; `--project server` runs just the API suite (CI repeats it on PostgreSQL).
export default defineConfig({
  test: {
    projects: ["packages/shared", "apps/server", "apps/web", "bench"],
  },
});
