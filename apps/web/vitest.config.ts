import { fileURLToPath } from "node:url";
import { defineProject } from "vitest/config";
import { catalogueParts } from "./build/catalogue-parts.ts";
import { prebuiltAntdStyles } from "./build/prebuilt-antd-styles.tsx";

export default defineProject({
  plugins: [prebuiltAntdStyles(), catalogueParts()],
  resolve: {
    alias: {
      "@admissions/shared": fileURLToPath(new URL("../../packages/shared/src/index.ts", import.meta.url)),
      // Node, not Vite, loads Ant Design in the tests, from its CommonJS build: the style engine's
      // list of prebuilt styles (src/lib/prebuilt-styles.ts) must be that build's module too.
      "@ant-design/cssinjs/es/util/cacheMapUtil": "@ant-design/cssinjs/lib/util/cacheMapUtil",
    },
  },
  test: {
    name: "web",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["src/test/setup.ts"],
    testTimeout: 30_000,
  },
});
