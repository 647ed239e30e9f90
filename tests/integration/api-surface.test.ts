import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonCaller, startSignedInApp } from "../support/admin-api";
import { ROOT, type RunningServer } from "../support/server";

/**
 * The whole /api surface, read from the build itself so that a route added later is
 * covered without touching this file: every path, with every method, with and without
 * a session, answers JSON and never 5xx, whether the path, the id or the method is wrong.
 */

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
// The answers that are files, not JSON, when they succeed.
const FILES: Record<string, RegExp> = { "GET /api/admin/messages.csv": /^text\/csv; charset=utf-8$/ };
const UNKNOWN_ID = "987654";

type BuildRoute = { id: string; path?: string; parentId?: string; module: Record<string, unknown> };

/** Every /api route path of the Remix build, parameters filled with an id that does not exist. */
async function apiPaths(): Promise<string[]> {
  const build = (await import(pathToFileURL(path.join(ROOT, "build", "remix", "server", "index.js")).href)) as { routes: Record<string, BuildRoute> };
  const fullPath = (route: BuildRoute): string => {
    const parent = route.parentId ? build.routes[route.parentId] : undefined;
    return [parent ? fullPath(parent) : "", route.path ?? ""].filter(Boolean).join("/");
  };
  return Object.values(build.routes)
    .map(fullPath)
    .filter((routePath) => routePath === "api" || routePath.startsWith("api/"))
    .map((routePath) => "/" + routePath.replace(/:[^/]+/g, UNKNOWN_ID).replace(/\*$/, "no-such-call"))
    .sort();
}

let app: RunningServer;
let adminCookie: string;
let stop = async () => {};
let paths: string[];

beforeAll(async () => {
  paths = await apiPaths();
  // The sweeps send more than the 300 writes a minute one client may make (every path,
  // every method, twice); the limit has its own tests.
  ({ app, cookie: adminCookie, stop } = await startSignedInApp({ email: "surface@example.com", env: { RATE_LIMIT_FACTOR: "5" } }));
});
afterAll(() => stop());

const call = jsonCaller(() => app, () => adminCookie);

async function sweep(cookie: string | null) {
  const failures: string[] = [];
  for (const routePath of paths) {
    for (const method of METHODS) {
      const response = await call(routePath, { method, cookie, body: method === "GET" ? undefined : {} });
      const type = response.headers.get("content-type") ?? "";
      const text = await response.text();
      const problem =
        response.status >= 500
          ? `status ${response.status}`
          : !type.startsWith("application/json") && !(response.status === 200 && FILES[`${method} ${routePath}`]?.test(type))
            ? `content type ${type || "none"}`
            : response.status === 405 && !response.headers.get("allow")
              ? "405 without Allow"
              : response.status >= 400 && typeof (JSON.parse(text) as { error?: unknown }).error !== "string"
                ? "no error field"
                : null;
      if (problem) failures.push(`${method} ${routePath}: ${problem} (${response.status} ${text.slice(0, 80)})`);
    }
  }
  return failures;
}

describe("the /api surface", () => {
  it("is read from the build and includes the catch-all", () => {
    expect(paths).toContain("/api/faqs");
    expect(paths).toContain("/api/admin/whitelist/" + UNKNOWN_ID);
    expect(paths).toContain("/api/no-such-call");
  });

  it("answers every path and method with JSON and never 5xx, without a session", async () => {
    expect(await sweep(null)).toEqual([]);
  });

  it("answers every path and method with JSON and never 5xx, as an admin", async () => {
    expect(await sweep(adminCookie)).toEqual([]);
  });

  it.each([
    ["GET", "/api/nope"],
    ["POST", "/api/nope"],
    ["DELETE", "/api/admin/nope/1"],
    ["GET", "/api/faqs/extra"],
    ["PUT", "/api/admin/whitelist/1/extra"],
  ])("an unknown path (%s %s) is a JSON 404", async (method, routePath) => {
    const response = await call(routePath, { method, body: method === "GET" ? undefined : {} });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ error: "Not found" });
  });

  it.each(["/api/faqs", "/api/properties", "/api/hero-images", "/api/text-entries", "/api/config/maps-api-key", "/api/admin/me"])(
    "a write to the read-only %s is a JSON 405 with Allow: GET",
    async (routePath) => {
      for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
        const response = await call(routePath, { method, body: {} });
        expect(response.status, method).toBe(405);
        expect(response.headers.get("allow")).toBe("GET");
        expect(await response.json()).toEqual({ error: "Method not allowed" });
      }
    },
  );
});
