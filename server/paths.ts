import path from "node:path";
import { fileURLToPath } from "node:url";

// This module runs as server/paths.ts from the sources (tests, tools) and inside
// build/server.js once compiled: both sit one folder below the project root.
export const PROJECT_ROOT = fileURLToPath(new URL("..", import.meta.url));
export const PUBLIC_DIR = path.join(PROJECT_ROOT, "public");
export const REMIX_BUILD_PATH = path.join(PROJECT_ROOT, "build", "remix", "server", "index.js");
/** The browser's scripts and styles, served under /build (vite.config.ts). */
export const CLIENT_ASSETS_DIR = path.join(PROJECT_ROOT, "build", "remix", "client", "build");
