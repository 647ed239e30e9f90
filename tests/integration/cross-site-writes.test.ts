import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSignedInApp, type SignedInApp } from "../support/admin-api";
import { visibleTexts } from "../support/html";
import { contentDigest, endpointPath, isApiPath, makeFixture, WRITE_ENDPOINTS, type Fixture, type WriteEndpoint } from "../support/write-endpoints";

/**
 * Writes another site starts (docs/product.md §10: refused with 403): every write endpoint, with
 * a body it would take, under every pairing of the Origin header a browser may send
 * (none, ours, another site's, "null", our host on another port, our host on the other
 * scheme) with every Sec-Fetch-Site value (none sent, same-origin, same-site,
 * cross-site, none). The rule (server/security.ts): a write is another site's when the
 * browser says so in Sec-Fetch-Site (cross-site, or same-site: another port or
 * subdomain is another site's code), or when it names an Origin other than ours. Those
 * are refused with 403 before anything is read or written; the others are not refused
 * by the check (whatever the endpoint then answers).
 */

const FETCH_SITES = [null, "same-origin", "same-site", "cross-site", "none"] as const;
const REFUSED = "Cross-site request refused";

let site: SignedInApp;
let fixture: Fixture;
let origins: { label: string; value: string | null }[];
const counts = { refused: 0, allowed: 0, allowedStatuses: new Map<number, number>() };

beforeAll(async () => {
  site = await startSignedInApp({
    email: "matrix@example.com",
    env: { ADMIN_EMAILS: "matrix@example.com,leaving@example.com", RATE_LIMIT_FACTOR: "1000", LOG_LEVEL: "error" },
  });
  fixture = await makeFixture(site.app, site.cookie);
  const ours = new URL(site.app.url);
  origins = [
    { label: "no Origin", value: null },
    { label: "our origin", value: ours.origin },
    { label: "another site", value: "https://evil.test" },
    { label: "Origin null", value: "null" },
    { label: "our host, another port", value: `${ours.protocol}//${ours.hostname}:${site.app.port === 65535 ? 65534 : site.app.port + 1}` },
    { label: "our host, the other scheme", value: `https://${ours.host}` },
  ];
}, 60_000);

afterAll(async () => {
  const spread = [...counts.allowedStatuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`).join(" ");
  console.log(
    `cross-site-writes: ${WRITE_ENDPOINTS.length} endpoints × ${origins?.length ?? 0} Origins × ${FETCH_SITES.length} Sec-Fetch-Site values: ` +
      `${counts.refused} requests refused with 403 as cross-site, ${counts.allowed} let through (${spread})`,
  );
  await site?.stop();
});

/** Whether the rule calls a request another site's. */
function isCrossSite(origin: string | null, fetchSite: string | null): boolean {
  return fetchSite === "cross-site" || fetchSite === "same-site" || (origin !== null && origin !== new URL(site.app.url).origin);
}

const JPEG_BYTES = new Uint8Array([0xff, 0xd8, 0xff, 0xd9]);

/** The endpoint's accepted body, encoded as its callers send it. */
async function bodyOf(endpoint: WriteEndpoint): Promise<{ contentType: string; body: Uint8Array | string }> {
  const fields = Object.entries(endpoint.valid(fixture)).map(([name, value]) => [name, String(value)] as [string, string]);
  if (endpoint.kind === "json") return { contentType: "application/json", body: JSON.stringify(endpoint.valid(fixture)) };
  if (endpoint.kind === "bytes") return { contentType: "image/jpeg", body: JPEG_BYTES };
  if (endpoint.kind === "form") return { contentType: "application/x-www-form-urlencoded", body: new URLSearchParams(fields).toString() };
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  form.append("file", new Blob([JPEG_BYTES], { type: "image/jpeg" }), "photo.jpg");
  const encoded = new Response(form);
  return { contentType: encoded.headers.get("content-type")!, body: new Uint8Array(await encoded.arrayBuffer()) };
}

async function send(endpoint: WriteEndpoint, requestPath: string, origin: string | null, fetchSite: string | null, cookie: string | null) {
  const headers: Record<string, string> = {};
  if (origin !== null) headers.Origin = origin;
  if (fetchSite !== null) headers["Sec-Fetch-Site"] = fetchSite;
  if (cookie) headers.Cookie = cookie;
  const { contentType, body } = await bodyOf(endpoint);
  headers["Content-Type"] = contentType;
  const response = await fetch(`${site.app.url}${requestPath}`, { method: endpoint.method, headers, body: body as BodyInit, redirect: "manual" });
  const text = await response.text();
  return { status: response.status, text, refusedAsCrossSite: response.status === 403 && (text.includes(REFUSED) || visibleTexts(text).includes(REFUSED)) };
}

const describeRequest = (endpoint: WriteEndpoint, origin: { label: string }, fetchSite: string | null) =>
  `${endpoint.name} with ${origin.label} and ${fetchSite === null ? "no Sec-Fetch-Site" : `Sec-Fetch-Site: ${fetchSite}`}`;

describe("writes another site starts", { timeout: 120_000 }, () => {
  it("are refused with 403 in the caller's format, and write nothing, whatever the endpoint", async () => {
    const problems: string[] = [];
    for (const endpoint of WRITE_ENDPOINTS) {
      const combos = origins.flatMap((origin) => FETCH_SITES.map((fetchSite) => ({ origin, fetchSite }))).filter(({ origin, fetchSite }) => isCrossSite(origin.value, fetchSite));
      // Upload URLs are issued (a write) before the digest is taken; signing out is sent
      // with a session of its own, which must outlive every refused attempt.
      const paths = await Promise.all(combos.map(() => endpointPath(endpoint, fixture)));
      const cookie = endpoint.endsSession ? await site.signIn("leaving@example.com") : site.cookie;
      const before = contentDigest(site.app);
      for (const [index, { origin, fetchSite }] of combos.entries()) {
        const answer = await send(endpoint, paths[index], origin.value, fetchSite, cookie);
        counts.refused += answer.refusedAsCrossSite ? 1 : 0;
        if (!answer.refusedAsCrossSite) problems.push(`${describeRequest(endpoint, origin, fetchSite)}: answered ${answer.status}, not the 403 of the cross-site check`);
        else if (isApiPath(paths[index]) !== answer.text.trimStart().startsWith("{")) problems.push(`${describeRequest(endpoint, origin, fetchSite)}: refused in the wrong format`);
      }
      if (contentDigest(site.app) !== before) problems.push(`${endpoint.name}: a refused request wrote`);
      if (endpoint.endsSession) {
        const me = await fetch(`${site.app.url}/api/admin/me`, { headers: { Cookie: cookie } });
        if (me.status !== 200) problems.push(`${endpoint.name}: a refused sign-out ended the session (${me.status})`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("from our own pages (or from no browser at all) are not refused by the check", async () => {
    const problems: string[] = [];
    for (const endpoint of WRITE_ENDPOINTS) {
      for (const origin of origins) {
        for (const fetchSite of FETCH_SITES) {
          if (isCrossSite(origin.value, fetchSite)) continue;
          const requestPath = await endpointPath(endpoint, fixture);
          // Signing out with the admin's own session would end it for the endpoints after.
          const answer = await send(endpoint, requestPath, origin.value, fetchSite, endpoint.endsSession ? null : site.cookie);
          counts.allowed += 1;
          counts.allowedStatuses.set(answer.status, (counts.allowedStatuses.get(answer.status) ?? 0) + 1);
          if (answer.refusedAsCrossSite) problems.push(`${describeRequest(endpoint, origin, fetchSite)}: refused as cross-site`);
          if (answer.status >= 500) problems.push(`${describeRequest(endpoint, origin, fetchSite)}: answered ${answer.status}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
