import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPlausibleFormBody } from "../../app/http/form-body.server";
import { startSignedInApp, type SignedInApp } from "../support/admin-api";
import { errorMessagesIn, visibleTexts } from "../support/html";
import {
  actionRoutesOfBuild,
  contentDigest,
  endpointPath,
  isApiPath,
  makeFixture,
  pathParams,
  WRITE_ENDPOINTS,
  type Fixture,
  type WriteEndpoint,
} from "../support/write-endpoints";

/**
 * Bad input, as anyone can send it, to every write endpoint (tests/support/write-endpoints.ts
 * lists them and checks the list against the build), with and without an admin session:
 * bodies of every shape fast-check makes (the right keys with the wrong types, huge and
 * odd strings, nested arrays, duplicate and unknown form fields, broken JSON and multipart,
 * any content type) and odd ids in the path. docs/product.md §7: never a 5xx; a 4xx is JSON with
 * an `error` for /api calls and a page that shows an error for form posts; too large a
 * body is 413; without a session an admin endpoint answers 401 JSON (or, for a form, a
 * redirect to the login) and writes nothing. A failure prints fast-check's smallest
 * failing case and the seed that replays it.
 */

const RUNS = { write: 32, readOnly: 6, logout: 10 };
const BODY_LIMIT = 1024 * 1024;
const FORM_UPLOAD_LIMIT = 10 * 1024 * 1024 + 64 * 1024;
const BOUNDARY = "----fuzz7MA4YWxkTrZu0gW";

type Mode = "session" | "no session";
type FuzzCase = {
  method: string;
  path: string;
  /** An upload URL to ask for at run time (fresh, or fresh with its signature altered). */
  upload?: "fresh" | "tampered";
  contentType: string | null;
  body: Uint8Array | null;
  shape: string;
  /** An id of the path was replaced by an odd one: the path may name another route, or none. */
  oddPath: boolean;
};
type Answer = { status: number; contentType: string; location: string | null; text: string };

let site: SignedInApp;
let fixture: Fixture;
let tamperedUploadPath: string;
const tally = new Map<string, Map<number, number>>();

beforeAll(async () => {
  site = await startSignedInApp({
    email: "fuzz@example.com",
    // Thousands of writes from one address: the limits have their own tests.
    env: { ADMIN_EMAILS: "fuzz@example.com,logout@example.com", RATE_LIMIT_FACTOR: "1000", LOG_LEVEL: "error" },
  });
  fixture = await makeFixture(site.app, site.cookie);
  tamperedUploadPath = (await fixture.uploadPath()).replace(/signature=[^&]+/, "signature=AAAA");
}, 60_000);

afterAll(async () => {
  printSummary();
  await site?.stop();
});

// ---------------------------------------------------------------------------------
// What fast-check makes

const oddText = fc.constantFrom(
  "",
  " ",
  "\u0000",
  "%00",
  "null",
  "undefined",
  "NaN",
  "-1",
  "0",
  "1e309",
  "true",
  "[]",
  "{}",
  "../../etc/passwd",
  "<script>alert(1)</script>",
  "' or 1=1 --",
  "𝕏🏠ñ",
  "\u202eevil",
  "a\r\nb",
  "\ud800",
);
const text = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 2, arbitrary: oddText },
  // Huge strings, under the 1 MB body limit
  { weight: 1, arbitrary: fc.integer({ min: 5_000, max: 300_000 }).map((length) => "x".repeat(length)) },
);
const jsonish: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: text },
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -0, 1e300),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }), { maxLength: 3 }),
);
const malformedJson = fc.oneof(
  fc.constantFrom('{"', '{"a":', "[1,", '{"email":"x"', "nul", '{"a":1}}', "\ufeff{}", "{'a':1}", '{"a":1,}', "[".repeat(100_000), '{"__proto__":{"x":1}}'),
  fc.string({ maxLength: 60 }),
);
const contentTypes = fc.constantFrom(
  "application/json",
  "application/json; charset=utf-8",
  "application/x-www-form-urlencoded",
  `multipart/form-data; boundary=${BOUNDARY}`,
  "multipart/form-data",
  "multipart/form-data; boundary=",
  "text/plain",
  "text/plain;charset=UTF-8",
  "application/octet-stream",
  "application/xml",
  "*/*",
  "application/x-www-form-urlencoded; charset=utf-16",
  "garbage",
);
const odds = fc.constantFrom("0", "-1", "1.5", "1e3", "007", "99999999999999999999", "abc", "%00", "%2F", "..", "%E2%80%AE", " 1");

/** Form fields: the endpoint's own names (and intents) with plausible or odd values, duplicates and strangers among them. */
function formFields(endpoint: WriteEndpoint): fc.Arbitrary<[string, string][]> {
  const names = [...Object.keys(endpoint.fields), "intent"];
  const plausible = Object.values(endpoint.fields).flat();
  const name = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...names) }, { weight: 1, arbitrary: text });
  const value = plausible.length
    ? fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...plausible, "hero", "unlink", "link", "find-address", "send-test-email") }, { weight: 3, arbitrary: text })
    : text;
  return fc.array(fc.tuple(name, value), { maxLength: 12 });
}

/** A body that is right but for one field: changed to anything, or taken out. */
function nearlyValid(endpoint: WriteEndpoint): fc.Arbitrary<Record<string, unknown>> {
  const valid = endpoint.valid(fixture);
  const keys = Object.keys(valid);
  if (!keys.length) return fc.dictionary(text, jsonish, { maxKeys: 3 });
  return fc.tuple(fc.constantFrom(...keys), fc.option(jsonish)).map(([key, value]) => {
    const body: Record<string, unknown> = { ...valid };
    if (value === null) delete body[key];
    else body[key] = value;
    return body;
  });
}

function multipart(fields: [string, string][], file: Uint8Array | null, ending: "whole" | "cut" | "other-boundary"): Uint8Array {
  const boundary = ending === "other-boundary" ? "not-the-announced-one" : BOUNDARY;
  const parts: Buffer[] = [];
  for (const [name, value] of fields) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, "_")}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`));
    parts.push(Buffer.from(file), Buffer.from("\r\n"));
  }
  if (ending !== "cut") parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

const utf8 = (value: string) => Buffer.from(value, "utf8");
/** The text with any lone surrogate replaced, as UTF-8 would carry it. */
const wellFormed = (value: string) => utf8(value).toString("utf8");

/** A body and the content type it would naturally go with. */
function bodies(endpoint: WriteEndpoint): fc.Arbitrary<{ shape: string; contentType: string | null; body: Uint8Array | null }> {
  const json = "application/json";
  const urlencoded = "application/x-www-form-urlencoded";
  const wrongTypes = fc
    .tuple(fc.record(Object.fromEntries(Object.keys(endpoint.fields).map((key) => [key, jsonish])), { requiredKeys: [] }), fc.dictionary(text, jsonish, { maxKeys: 3 }))
    .map(([known, unknown]) => ({ shape: "json: right keys, any types", contentType: json, body: utf8(JSON.stringify({ ...unknown, ...known })) }));
  const jsonValue = fc.jsonValue({ maxDepth: 4 }).map((value) => ({ shape: "json: any value", contentType: json, body: utf8(JSON.stringify(value)) }));
  const broken = malformedJson.map((raw) => ({ shape: "json: malformed", contentType: json, body: utf8(raw) }));
  const almost = nearlyValid(endpoint).map((value) => ({ shape: "json: one field off", contentType: json, body: utf8(JSON.stringify(value)) }));
  const urlForm = formFields(endpoint).map((fields) => ({ shape: "form: fields", contentType: urlencoded, body: utf8(new URLSearchParams(fields).toString()) }));
  const almostForm = nearlyValid(endpoint).map((value) => ({
    shape: "form: one field off",
    contentType: urlencoded,
    body: utf8(new URLSearchParams(Object.entries(value).map(([key, item]) => [key, typeof item === "string" ? item : JSON.stringify(item) ?? ""])).toString()),
  }));
  const multipartForm = fc
    .tuple(formFields(endpoint), fc.option(fc.uint8Array({ maxLength: 4000 })), fc.constantFrom("whole", "cut", "other-boundary") as fc.Arbitrary<"whole" | "cut" | "other-boundary">)
    .map(([fields, file, ending]) => ({ shape: `multipart: ${ending}${file ? " with a file" : ""}`, contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: multipart(fields, file, ending) }));
  const bytes = fc.uint8Array({ maxLength: 2000 }).map((body) => ({ shape: "bytes", contentType: "application/octet-stream", body }));
  const none = fc.constant({ shape: "no body", contentType: null, body: null });
  const natural =
    endpoint.kind === "json"
      ? fc.oneof({ weight: 3, arbitrary: wrongTypes }, { weight: 2, arbitrary: almost }, jsonValue, broken, urlForm, bytes, none)
      : endpoint.kind === "bytes"
        ? fc.oneof(bytes, broken, none, urlForm)
        : fc.oneof({ weight: 3, arbitrary: urlForm }, { weight: 2, arbitrary: almostForm }, { weight: 2, arbitrary: multipartForm }, wrongTypes, broken, bytes, none);
  // A quarter of the time the body comes under another content type (or none).
  return fc.tuple(natural, fc.option(contentTypes, { freq: 3 }), fc.boolean()).map(([body, otherType, dropType]) => ({
    ...body,
    contentType: dropType && otherType === null ? null : (otherType ?? body.contentType),
  }));
}

const queryExtras = fc.option(
  fc.array(fc.tuple(fc.constantFrom("q", "page", "before", "after", "redirectTo", "id", "lng", "_data", "index"), text), { maxLength: 3 }),
  { freq: 2 },
);

function cases(endpoint: WriteEndpoint, mode: Mode): fc.Arbitrary<FuzzCase> {
  const methods = endpoint.readOnly ? fc.constantFrom("POST", "PUT", "PATCH", "DELETE") : fc.constant(endpoint.method);
  const params = pathParams(endpoint);
  const ids = fc.tuple(
    ...params.map((name) =>
      fc.oneof({ weight: 3, arbitrary: fc.constant<string | undefined>(undefined) }, odds, text.map((value) => encodeURIComponent(wellFormed(value.slice(0, 200))))).map((value) => [name, value] as const),
    ),
  );
  const upload: fc.Arbitrary<FuzzCase["upload"] | string> =
    endpoint.template === ":upload"
      ? fc.oneof(
          ...(mode === "session" ? [fc.constant<"fresh">("fresh")] : []),
          fc.constant<"tampered">("tampered"),
          text.map((value) => `/api/objects/upload/${encodeURIComponent(wellFormed(value.slice(0, 100))) || "x"}?expires=9999999999&signature=${encodeURIComponent(wellFormed(value.slice(0, 20)))}`),
        )
      : fc.constant(undefined);
  return fc.tuple(methods, ids, upload, queryExtras, bodies(endpoint)).map(([method, idPairs, uploadChoice, extras, body]) => {
    const given = Object.fromEntries(idPairs.filter(([, value]) => value !== undefined)) as Record<string, string>;
    const template = endpoint.template.replace(/:([a-z]+)/g, (whole, name: string) => (given[name] !== undefined ? given[name] : whole));
    let casePath = template;
    let uploadMode: FuzzCase["upload"];
    if (endpoint.template === ":upload") {
      if (uploadChoice === "fresh" || uploadChoice === "tampered") uploadMode = uploadChoice;
      else casePath = uploadChoice!;
    }
    if (extras?.length) casePath += (casePath.includes("?") ? "&" : "?") + new URLSearchParams(extras.map(([name, value]) => [name, value.slice(0, 500)])).toString();
    const oddPath = Object.keys(given).length > 0 || (endpoint.template === ":upload" && uploadMode === undefined);
    return describedCase({ method, path: casePath, upload: uploadMode, oddPath, ...body });
  });
}

/** A case as fast-check prints it when it fails: the request line and the start of the body. */
function describedCase(fuzzCase: FuzzCase): FuzzCase {
  return Object.assign(fuzzCase, {
    [fc.toStringMethod]: () => {
      const body = fuzzCase.body ? Buffer.from(fuzzCase.body) : null;
      const preview = body ? JSON.stringify(body.subarray(0, 300).toString("utf8")) + (body.length > 300 ? ` … (${body.length} bytes)` : "") : "no body";
      return `${fuzzCase.method} ${fuzzCase.path}${fuzzCase.upload ? ` (${fuzzCase.upload} upload URL)` : ""} [${fuzzCase.contentType ?? "no content type"}] ${fuzzCase.shape}: ${preview}`;
    },
  });
}

/**
 * Cases each run starts with, whatever the seed: bodies that once answered 500 or broke
 * the server, which a short random run may not meet again.
 */
function knownCases(endpoint: WriteEndpoint): FuzzCase[] {
  const at = (query: string) => endpoint.template + (endpoint.template.includes("?") ? "&" : "?") + query;
  const known = (shape: string, contentType: string | null, body: string | Uint8Array | null, casePath = endpoint.template): FuzzCase =>
    describedCase({ method: endpoint.method, path: casePath, contentType, body: typeof body === "string" ? utf8(body) : body, shape, oddPath: false });
  if (endpoint.template === ":upload") return [];
  const cases = [
    // Remix's data requests before single fetch answered in Remix's own shapes (403 {message}).
    known("legacy ?_data", "application/json", "{}", at("_data=routes%2Fno-such-route")),
    // request.formData() threw on a body that is not a form: 500.
    known("json to a form", "application/json", '{"a":1}'),
  ];
  // Generated fields that add up past the body limit once met a judge that expected a
  // redirect to the login: the cap comes first, with or without a session.
  if (endpoint.kind === "form" || endpoint.kind === "json") {
    const past = endpoint.kind === "form" ? `intent=${"x".repeat(BODY_LIMIT)}` : JSON.stringify({ name: "x".repeat(BODY_LIMIT) });
    cases.push(known("fields past the body limit", endpoint.kind === "form" ? "application/x-www-form-urlencoded" : "application/json", past));
  }
  if (endpoint.kind === "form" || endpoint.kind === "upload-form") {
    // A structure-building form parser once read these as arrays of millions of entries,
    // or stalled on them for seconds to minutes (form-bodies.test.ts times them).
    const urlencoded = "application/x-www-form-urlencoded";
    cases.push(
      known("form: an array of 100 million entries", urlencoded, "a[99999999]=1"),
      known("form: an array of 10 million entries", urlencoded, "a[10000000]=1"),
      known("form: 64 KB of repeated names", urlencoded, Array(32 * 1024).fill("a").join("&")),
      known("form: 1 MB of repeated names", urlencoded, Array(500_000).fill("a").join("&")),
      known("form: conform's state", urlencoded, "__state__=x"),
      known("form: conform's intent", urlencoded, "__intent__=x"),
      known("form: a name nested 1,000 levels", urlencoded, `a${"[b]".repeat(1000)}=1`),
    );
  }
  if (endpoint.kind === "upload-form") {
    // A file part cut off before its end failed a stream nobody listened to: the process ended.
    cases.push(known("multipart: file cut off", `multipart/form-data; boundary=${BOUNDARY}`, multipart([["name", "x"]], utf8("not a jpeg at all"), "cut")));
  }
  return cases;
}

// ---------------------------------------------------------------------------------
// Sending and judging

async function resolvePath(endpoint: WriteEndpoint, fuzzCase: FuzzCase): Promise<string> {
  if (fuzzCase.upload === "fresh") return fixture.uploadPath();
  // Issuing a URL is a write: the altered one is made once, before the cases.
  if (fuzzCase.upload === "tampered") return tamperedUploadPath;
  if (endpoint.template === ":upload") return fuzzCase.path;
  // The ids the case did not choose are the real ones.
  const [pathPart, query = ""] = fuzzCase.path.split(/\?(.*)/s, 2);
  const filled = await endpointPath({ ...endpoint, template: pathPart }, fixture);
  return query ? `${filled}?${query}` : filled;
}

async function send(requestPath: string, init: { method: string; contentType: string | null; body: Uint8Array | null; cookie: string | null }): Promise<Answer> {
  const headers: Record<string, string> = { Origin: site.app.url, Accept: "text/html,application/json;q=0.9,*/*;q=0.8" };
  if (init.cookie) headers.Cookie = init.cookie;
  if (init.contentType !== null) headers["Content-Type"] = init.contentType;
  const response = await fetch(`${site.app.url}${requestPath}`, { method: init.method, headers, body: (init.body ?? undefined) as BodyInit | undefined, redirect: "manual" }).catch(
    (error: unknown) => {
      // The connection failed: what the server said last tells why.
      throw new Error(`${String(error)} (${String((error as Error).cause)})\nserver output:\n${site.app.output().slice(-4000)}`);
    },
  );
  return { status: response.status, contentType: response.headers.get("content-type") ?? "", location: response.headers.get("location"), text: await response.text() };
}

function count(endpoint: WriteEndpoint, mode: string, status: number) {
  const key = `${endpoint.name}\t${mode}`;
  const statuses = tally.get(key) ?? new Map<number, number>();
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
  tally.set(key, statuses);
}

const toLogin = (answer: Answer, appUrl: string) =>
  (answer.status === 302 || answer.status === 303) && answer.location !== null && new URL(answer.location, appUrl).pathname === "/admin/login";

/** The site's own error page (app/components/error-pages.tsx), as a route without an action answers a post. */
const isErrorPage = (html: string) => visibleTexts(html).some((text) => text === "Something went wrong" || text === "Page Not Found");

/** What is wrong with an answer, or null when it is as the contract says. */
function problemWith(
  endpoint: WriteEndpoint,
  mode: Mode,
  requestPath: string,
  answer: Answer,
  options: { oversize?: boolean; oddPath?: boolean; implausibleForm?: boolean; jsonRequest?: boolean } = {},
): string | null {
  const { oversize = false, oddPath = false, implausibleForm = false, jsonRequest = false } = options;
  const { status } = answer;
  if (status >= 500) return `answered ${status}`;
  const api = isApiPath(requestPath.split("?")[0]);
  // A form post no form of the site could send is refused before the app, session or not.
  if (implausibleForm && !oversize) {
    if (status !== 400) return `a form post no form could send answered ${status}${answer.location ? ` (to ${answer.location})` : ""}, not 400`;
    if (!errorMessagesIn(answer.text).some((text) => text.includes("This form could not be read"))) return "a refused form post's page does not say why";
    return null;
  }
  const unsignedIn = mode === "no session" && endpoint.access === "admin";
  // An upload form's body is streamed to its action, which first sends a visitor without
  // a session to the login page: that answer comes before any byte is read.
  if (oversize && status !== 413 && !(unsignedIn && endpoint.kind === "upload-form" && toLogin(answer, site.app.url))) {
    return `an oversize body answered ${status}${answer.location ? ` (to ${answer.location})` : ""}, not 413`;
  }
  // A path whose odd id names no route ("..", "") may meet the catch-all's 404 or a page without an action.
  const elsewhere = oddPath && (status === 404 || status === 405);
  if (unsignedIn && !oversize && !elsewhere) {
    if (api && status !== 401 && status !== 403) return `answered ${status} without a session`;
    if (!api && !toLogin(answer, site.app.url)) return `answered ${status} (${answer.location ?? "no location"}) without a session, not a redirect to the login`;
  }
  if (mode === "session" && endpoint.access === "admin" && (status === 401 || toLogin(answer, site.app.url))) return `the session was refused (${status})`;
  if (status >= 400) {
    // A JSON request to a form's path: a refusal made before the app answers it in JSON,
    // the app's own answer is the form's page.
    const jsonAnswer = jsonRequest && answer.contentType.startsWith("application/json");
    if (api || jsonAnswer) {
      if (!answer.contentType.startsWith("application/json")) return `a ${status} of type ${answer.contentType || "none"}`;
      let error: unknown;
      try {
        error = (JSON.parse(answer.text) as { error?: unknown }).error;
      } catch {
        return `a ${status} whose body is not JSON`;
      }
      if (typeof error !== "string" || !error) return `a ${status} without an error string`;
    } else {
      if (!answer.contentType.startsWith("text/html")) return `a ${status} of type ${answer.contentType || "none"}, not a page`;
      if (!errorMessagesIn(answer.text).length && !isErrorPage(answer.text)) return `a ${status} page that shows no error message`;
    }
  }
  return null;
}

/** The most bytes the endpoint takes: uploads (a multipart form's, the receiver's bytes) are streamed under their own, larger cap. */
const bodyLimitOf = (endpoint: WriteEndpoint, contentType: string | null) =>
  endpoint.kind === "bytes" || (endpoint.kind === "upload-form" && /^multipart\/form-data\s*;/i.test(contentType ?? "")) ? FORM_UPLOAD_LIMIT : BODY_LIMIT;

/** A urlencoded post to a page that no form of the site could have sent (server/app.ts refuses it before the app). */
function isImplausibleFormPost(requestPath: string, contentType: string | null, body: Uint8Array | null): boolean {
  if (isApiPath(requestPath.split("?")[0]) || !/^application\/x-www-form-urlencoded\s*(?:;|$)/i.test(contentType ?? "")) return false;
  return !isPlausibleFormBody(Buffer.from(body ?? new Uint8Array()).toString("utf8"));
}

/** Fuzzes one endpoint; fast-check's report of its smallest failing case, or null. */
async function fuzz(endpoint: WriteEndpoint, mode: Mode): Promise<string | null> {
  const cookieFor = async () => {
    if (mode === "no session") return null;
    // Signing out ends the session it is sent with: each case gets its own.
    return endpoint.endsSession ? site.signIn("logout@example.com") : site.cookie;
  };
  const runs = endpoint.endsSession ? RUNS.logout : endpoint.readOnly ? RUNS.readOnly : RUNS.write;
  const outcome = await fc.check(
    fc.asyncProperty(cases(endpoint, mode), async (fuzzCase) => {
      const requestPath = await resolvePath(endpoint, fuzzCase);
      const answer = await send(requestPath, { ...fuzzCase, cookie: await cookieFor() });
      count(endpoint, mode, answer.status);
      // A case's generated fields can add up past the body limit: then 413 is the answer due.
      const oversize = (fuzzCase.body?.length ?? 0) > bodyLimitOf(endpoint, fuzzCase.contentType);
      const implausibleForm = isImplausibleFormPost(requestPath, fuzzCase.contentType, fuzzCase.body);
      const jsonRequest = /^application\/json\s*(?:;|$)/i.test(fuzzCase.contentType ?? "");
      const problem = problemWith(endpoint, mode, requestPath, answer, { oddPath: fuzzCase.oddPath, oversize, implausibleForm, jsonRequest });
      if (problem) {
        const shown = answer.contentType.startsWith("text/html") ? visibleTexts(answer.text).slice(0, 15).join(" | ") : answer.text.slice(0, 300);
        throw new Error(`${fuzzCase.method} ${requestPath}: ${problem}\n${shown}`);
      }
    }),
    { numRuns: runs, examples: knownCases(endpoint).map((known) => [known]) },
  );
  if (!outcome.failed) return null;
  const cause = outcome.errorInstance instanceof Error ? outcome.errorInstance.message : String(outcome.errorInstance);
  return `${endpoint.name} (${mode}): ${cause}\n${(fc.defaultReportMessage(outcome) ?? "").replace(/\nHint: .*$/s, "")}`;
}

function printSummary() {
  const spread = (statuses: Map<number, number> | undefined) =>
    [...(statuses ?? [])].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`).join(" ");
  const sum = (statuses: Map<number, number> | undefined) => [...(statuses?.values() ?? [])].reduce((total, n) => total + n, 0);
  const rows: string[] = [];
  let total = 0;
  let fivexx = 0;
  for (const endpoint of WRITE_ENDPOINTS) {
    for (const mode of ["session", "no session", "oversize, session", "oversize, no session"]) {
      const statuses = tally.get(`${endpoint.name}\t${mode}`);
      if (!statuses) continue;
      total += sum(statuses);
      fivexx += [...statuses].filter(([status]) => status >= 500).reduce((n, [, count]) => n + count, 0);
      rows.push(`${endpoint.name.padEnd(62)} ${mode.padEnd(20)} ${String(sum(statuses)).padStart(5)}  ${spread(statuses)}`);
    }
  }
  console.log([`fuzz-writes: ${total} requests to ${WRITE_ENDPOINTS.length} endpoints, ${fivexx} answered 5xx`, `${"endpoint".padEnd(62)} ${"mode".padEnd(20)} cases  statuses`, ...rows].join("\n"));
}

// ---------------------------------------------------------------------------------

describe("bad input to every write endpoint", () => {
  it("lists every route of the build that takes writes", async () => {
    const listed = new Set(WRITE_ENDPOINTS.map((endpoint) => endpoint.route));
    expect((await actionRoutesOfBuild()).filter((route) => !listed.has(route))).toEqual([]);
  });

  // Signing out first: the other endpoints may take the second address off the whitelist.
  const ordered = [...WRITE_ENDPOINTS].sort((a, b) => Number(Boolean(b.endsSession)) - Number(Boolean(a.endsSession)));

  // First, while the rows the paths name still exist (the fuzz deletes some).
  it("answers 413 to a body over the limit, whether or not its length is announced", { timeout: 120_000 }, async () => {
    for (const mode of ["session", "no session"] as const) {
      for (const endpoint of ordered) {
        if (endpoint.endsSession && mode === "session") continue;
        const pathOf = () => (endpoint.template === ":upload" ? fixture.uploadPath() : endpointPath(endpoint, fixture));
        const contentType = endpoint.kind === "json" ? "application/json" : endpoint.kind === "form" ? "application/x-www-form-urlencoded" : endpoint.kind === "bytes" ? "image/jpeg" : `multipart/form-data; boundary=${BOUNDARY}`;
        const size = bodyLimitOf(endpoint, contentType) + 1;
        const body = endpoint.kind === "upload-form" ? multipart([["name", "x"]], new Uint8Array(size), "whole") : Buffer.alloc(size, "a");
        for (const announced of [true, false]) {
          const requestPath = await pathOf();
          const answer = await sendOversize(requestPath, endpoint.method, contentType, body, announced, mode === "session" ? site.cookie : null);
          count(endpoint, `oversize, ${mode}`, answer.status);
          const problem = problemWith(endpoint, mode, requestPath, answer, { oversize: true });
          expect(problem, `${endpoint.method} ${requestPath} (${mode}, ${announced ? "Content-Length" : "chunked"}): ${answer.text.slice(0, 200)}`).toBeNull();
        }
      }
    }
  });

  it("never answers 5xx, and answers 4xx in the caller's format, with a session", { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    for (const endpoint of ordered) failures.push(...[await fuzz(endpoint, "session")].filter((failure) => failure !== null));
    expect(failures).toEqual([]);
  });

  it("refuses every admin write without a session, and writes nothing", { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    for (const endpoint of ordered) {
      const before = contentDigest(site.app);
      const failure = await fuzz(endpoint, "no session");
      if (failure) failures.push(failure);
      if (endpoint.access !== "public" && contentDigest(site.app) !== before) failures.push(`${endpoint.name} wrote without a session`);
    }
    expect(failures).toEqual([]);
  });

});

/** An oversize body, with its length announced, or sent in chunks without one. */
async function sendOversize(requestPath: string, method: string, contentType: string, body: Uint8Array, announced: boolean, cookie: string | null): Promise<Answer> {
  const headers: Record<string, string> = { Origin: site.app.url, "Content-Type": contentType };
  if (cookie) headers.Cookie = cookie;
  const chunked = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let offset = 0; offset < body.length; offset += 64 * 1024) controller.enqueue(body.subarray(offset, offset + 64 * 1024));
      controller.close();
    },
  });
  const init: RequestInit & { duplex?: "half" } = { method, headers, redirect: "manual", body: (announced ? body : chunked) as BodyInit };
  if (!announced) init.duplex = "half";
  const response = await fetch(`${site.app.url}${requestPath}`, init);
  return { status: response.status, contentType: response.headers.get("content-type") ?? "", location: response.headers.get("location"), text: await response.text() };
}
