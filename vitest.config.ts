import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Integration suites each start their own server process, and spend much of their
    // time waiting on it (busy timeouts, mail retries, the page cache's lifetime, a slow
    // SMTP server): four files at once keep two cores busy where two left them idle a
    // quarter of the time (a sample of 30 files: 161 s with 2 workers, 122 s with 4).
    maxWorkers: 4,
  },
});
