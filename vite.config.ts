import { reactRouter } from "@react-router/dev/vite";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

const ROOT = fileURLToPath(new URL(".", import.meta.url));
/** Where the browser build's chunks are described module by module (read by scripts/bench-bundle.mjs). */
export const CLIENT_CHUNKS_FILE = path.join(ROOT, "build", "client-chunks.json");

/** Each browser chunk: its file, what it imports at once and on demand, and its modules' rendered bytes. */
function describeClientChunks(): Plugin {
  return {
    name: "describe-client-chunks",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks: Record<string, unknown> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        chunks[`/${output.fileName}`] = {
          imports: output.imports.map((file) => `/${file}`),
          dynamicImports: output.dynamicImports.map((file) => `/${file}`),
          modules: Object.fromEntries(
            Object.entries(output.modules).map(([id, info]) => [path.relative(ROOT, id.replace(/\?.*$/, "")), info.renderedLength]),
          ),
        };
      }
      fs.mkdirSync(path.dirname(CLIENT_CHUNKS_FILE), { recursive: true });
      fs.writeFileSync(CLIENT_CHUNKS_FILE, JSON.stringify(chunks));
    },
  };
}

type ModuleInfoOf = (id: string) => { importedIds: readonly string[] } | null;

/** Every module `starts` import, directly or not, without counting imports made on demand. */
function staticClosure(moduleInfo: ModuleInfoOf, starts: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...starts];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(moduleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

const ENTRY_MODULES = ["app/root.tsx", "app/entry.client.tsx"].map((file) => path.join(ROOT, file));
const HOME_ROUTE = path.join(ROOT, "app/routes/_index/route.tsx");
/** The visitors' pages: every route module but the dashboard's and the JSON calls'. */
const PUBLIC_ROUTES = fs
  .readdirSync(path.join(ROOT, "app/routes"), { recursive: true, encoding: "utf8" })
  .filter((file) => /^[^/]+\.tsx$|^[^/]+\/route\.tsx$/.test(file) && !/^(admin|api)[._]/.test(file))
  .map((file) => path.join(ROOT, "app/routes", file));

/**
 * Fewer, larger files for the browser (decision 057): what every page loads (the root
 * route and the browser entry, and what they import) in two files, the framework and
 * ours; what the home page shares with other pages in one more.
 */
function chunkGroups() {
  let everyPage: Set<string> | null = null;
  let home: Set<string> | null = null;
  let otherPublicPages: Set<string> | null = null;
  return (id: string, { getModuleInfo }: { getModuleInfo: ModuleInfoOf }): string | undefined => {
    everyPage ??= staticClosure(getModuleInfo, ENTRY_MODULES);
    home ??= staticClosure(getModuleInfo, [HOME_ROUTE]);
    otherPublicPages ??= staticClosure(getModuleInfo, PUBLIC_ROUTES.filter((route) => route !== HOME_ROUTE && getModuleInfo(route)));
    // The entry and the root route stay files of their own: the entry hydrates as it
    // runs, so it must not run before the routes are registered.
    if (ENTRY_MODULES.includes(id)) return undefined;
    const external = id.includes("/node_modules/") || id.startsWith("\0");
    if (everyPage.has(id)) return external ? "framework" : "app";
    if (home.has(id) && otherPublicPages.has(id) && !external) return "listings";
    return undefined;
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  plugins: [
    reactRouter(),
    ...(isSsrBuild ? [] : [describeClientChunks()]),
  ],
  // public/ is served from where it is (server/app.ts), not copied beside the build.
  publicDir: false,
  build: {
    // The browser's files (and the stylesheet the server build links) are served under
    // /build, as immutable (server/app.ts).
    assetsDir: "build",
    // Every file stays a file: an icon sprite inlined as a data URL would be in every
    // page and every script that names it.
    assetsInlineLimit: 0,
    // The browser's files are minified by terser, a few KiB under esbuild's output where
    // the home page's budget is counted (decision 071); the server's bundle needs no such care.
    minify: isSsrBuild ? "esbuild" : "terser",
    terserOptions: { module: true, ecma: 2020, compress: { passes: 3 } },
    ...(isSsrBuild ? {} : { rollupOptions: { output: { manualChunks: chunkGroups() } } }),
  },
}));
