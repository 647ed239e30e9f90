import type { Config } from "@react-router/dev/config";

export default {
  // Every page is drawn on the server; the browser's scripts only hydrate it.
  ssr: true,
  // build/remix/server/index.js and the browser's files in build/remix/client (server/paths.ts).
  buildDirectory: "build/remix",
  serverModuleFormat: "esm",
} satisfies Config;
