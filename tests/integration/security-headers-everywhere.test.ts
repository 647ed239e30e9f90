import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postFormFollowed, startSignedInApp, type SignedInApp } from "../support/admin-api";
import { visibleTexts } from "../support/html";
import { signInWithGoogle, startOAuthServer } from "../support/oauth";
import { startServer, withServerDatabase, type RunningServer } from "../support/server";

/**
 * Security hardening (ASVS 5.0 L2), points 2 and 3: every answer of the server, whoever
 * makes it (a page, the page cache, static files, media, /healthz, a refusal, a 404),
 * carries the security headers; HSTS for a year when APP_URL is https; pages with
 * `base-uri 'none'` and a Permissions-Policy; uploaded images sandboxed; cookie names with
 * the `__Host-` prefix on an https site. The same server runs with an http APP_URL and
 * with an https one (still listening on plain http, as behind a proxy).
 */

const HTTPS_APP_URL = "https://homes.example.test";
const HSTS = "max-age=31536000; includeSubDomains";
const UPLOADED_FILE_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";
const TURNED_OFF = ["camera", "microphone", "geolocation", "payment", "usb"];

type Media = { filePath: string };

type Kind = { label: string; status: number; answer: (site: Site) => Promise<Response> };
type Site = { app: RunningServer; cookie: string; heroKey: string; buildScript: string };

const get = (site: Site, path: string, headers: Record<string, string> = {}) => fetch(`${site.app.url}${path}`, { headers, redirect: "manual" });

/** Every kind of answer the server gives, and the status each must have. */
const KINDS: Kind[] = [
  { label: "a page of one visitor (/admin/login)", status: 200, answer: (site) => get(site, "/admin/login") },
  { label: "a signed-in admin page (/admin/dashboard)", status: 200, answer: (site) => get(site, "/admin/dashboard", { Cookie: site.cookie }) },
  {
    label: "a shared page from the page cache (/properties asked twice)",
    status: 200,
    answer: async (site) => {
      await (await get(site, "/properties")).arrayBuffer();
      const hit = await get(site, "/properties");
      expect(hit.headers.get("x-page-cache")).toBe("hit");
      return hit;
    },
  },
  {
    label: "a 304 of a shared page",
    status: 304,
    answer: async (site) => {
      const first = await get(site, "/");
      await first.arrayBuffer();
      return get(site, "/", { "If-None-Match": first.headers.get("etag")! });
    },
  },
  { label: "public JSON (/api/properties)", status: 200, answer: (site) => get(site, "/api/properties") },
  { label: "admin JSON (/api/admin/me)", status: 200, answer: (site) => get(site, "/api/admin/me", { Cookie: site.cookie }) },
  { label: "the 404 page", status: 404, answer: (site) => get(site, "/no/such/page") },
  { label: "a 404 of /api (JSON)", status: 404, answer: (site) => get(site, "/api/no-such-thing") },
  { label: "a /build script", status: 200, answer: (site) => get(site, site.buildScript) },
  { label: "/favicon.svg", status: 200, answer: (site) => get(site, "/favicon.svg") },
  { label: "/healthz", status: 200, answer: (site) => get(site, "/healthz") },
  { label: "/objects/<key>", status: 200, answer: (site) => get(site, `/objects/${site.heroKey}`) },
  {
    label: "a 304 of /objects/<key>",
    status: 304,
    answer: async (site) => {
      const first = await get(site, `/objects/${site.heroKey}`);
      await first.arrayBuffer();
      return get(site, `/objects/${site.heroKey}`, { "If-None-Match": first.headers.get("etag")! });
    },
  },
  { label: "/variants/320/<key>", status: 200, answer: (site) => get(site, `/variants/320/${site.heroKey}`) },
  { label: "a 404 of /objects", status: 404, answer: (site) => get(site, "/objects/demo/missing.webp") },
  { label: "a 404 of /variants", status: 404, answer: (site) => get(site, "/variants/320/demo/missing.webp") },
  {
    label: "a body over 1 MB (413)",
    status: 413,
    answer: (site) =>
      fetch(`${site.app.url}/api/contact`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "x".repeat(1024 * 1024 + 10) }),
  },
  {
    label: "a write from another site (403)",
    status: 403,
    answer: (site) =>
      fetch(`${site.app.url}/api/contact`, { method: "POST", headers: { "Content-Type": "application/json", "Sec-Fetch-Site": "cross-site" }, body: "{}" }),
  },
];

async function siteOf(signedIn: SignedInApp): Promise<Site> {
  const heroes = (await (await fetch(`${signedIn.app.url}/api/hero-images`)).json()) as Media[];
  const home = await (await fetch(`${signedIn.app.url}/`)).text();
  // The page names its scripts in its own inline script (they load after the first photo).
  const buildScript = /"(\/build\/[^"]+\.js)"/.exec(home)?.[1];
  expect(buildScript).toBeTruthy();
  return { app: signedIn.app, cookie: signedIn.cookie, heroKey: heroes[0].filePath.replace(/^\/objects\//, ""), buildScript: buildScript! };
}

describe.each([
  { scheme: "http", https: false },
  { scheme: "https", https: true },
])("with an $scheme APP_URL", ({ https }) => {
  let signedIn: SignedInApp;
  let site: Site;

  beforeAll(async () => {
    signedIn = await startSignedInApp({ email: "headers@example.com", env: https ? { APP_URL: HTTPS_APP_URL } : {} });
    site = await siteOf(signedIn);
  });
  afterAll(async () => {
    await signedIn?.stop();
  });

  for (const { label, status, answer } of KINDS) {
    it(`${label} carries nosniff, CORP, Referrer-Policy, frame-ancestors 'none' and ${https ? "HSTS for a year" : "no HSTS"}`, async () => {
      const response = await answer(site);
      await response.arrayBuffer();
      expect(response.status).toBe(status);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("cross-origin-resource-policy")).toBe("same-site");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(response.headers.get("strict-transport-security")).toBe(https ? HSTS : null);
    });
  }

  it("pages (one visitor's, shared from the cache, the 404) allow no <base> and turn off the features the site does not use", async () => {
    for (const path of ["/admin/login", "/", "/", "/properties/1", "/no/such/page"]) {
      const response = await get(site, path);
      const html = await response.text();
      const csp = response.headers.get("content-security-policy") ?? "";
      // A page's own CSP (scripts by nonce or hash), not the nothing-allowed one.
      expect(csp, path).toMatch(/script-src 'self' '(nonce|sha256)-/);
      expect(csp.split(";").map((directive) => directive.trim()), path).toContain("base-uri 'none'");
      expect(html, path).not.toMatch(/<base\b/i);
      const policy = response.headers.get("permissions-policy") ?? "";
      for (const feature of TURNED_OFF) expect(policy, path).toMatch(new RegExp(`(^|, )${feature}=\\(\\)(,|$)`));
    }
  });

  it("uploaded images are sandboxed wherever they are opened, and shown inline under their own name", async () => {
    const name = site.heroKey.split("/").pop()!;
    for (const [response, disposition] of [
      [await get(site, `/objects/${site.heroKey}`), `inline; filename="${name}"`],
      [await fetch(`${site.app.url}/objects/${site.heroKey}`, { method: "HEAD" }), `inline; filename="${name}"`],
      [await get(site, `/variants/320/${site.heroKey}`), `inline; filename="${name.replace(/\.[a-z]+$/, ".webp")}"`],
      [await get(site, "/objects/demo/missing.webp"), null],
      [await get(site, "/variants/320/demo/missing.webp"), null],
    ] as const) {
      await response.arrayBuffer();
      expect(response.headers.get("content-security-policy"), response.url).toBe(UPLOADED_FILE_CSP);
      expect(response.headers.get("content-disposition"), response.url).toBe(disposition);
    }
  });
});

describe("cookie names on an https site", () => {
  const ADMIN = "cookies@example.com";
  let oauth: Awaited<ReturnType<typeof startOAuthServer>>;
  let app: RunningServer;
  const page = (path: string, headers: Record<string, string> = {}) => fetch(`${app.url}${path}`, { headers, redirect: "manual" });

  beforeAll(async () => {
    oauth = await startOAuthServer();
    app = await startServer({
      env: { APP_URL: HTTPS_APP_URL, ADMIN_EMAILS: ADMIN, GOOGLE_CLIENT_ID: "c", GOOGLE_CLIENT_SECRET: "s", GOOGLE_OAUTH_ISSUER: oauth.url },
    });
  });
  afterAll(async () => {
    await app?.stop();
    await oauth?.stop();
  });

  /** A __Host- cookie as a browser takes it: Secure, Path=/ and no Domain. */
  const expectHostCookie = (header: string | undefined, name: string) => {
    expect(header).toMatch(new RegExp(`^${name}=[^;]+;`));
    expect(header).toMatch(/;\s*Secure/i);
    expect(header).toMatch(/;\s*Path=\/(;|$)/i);
    expect(header).not.toMatch(/;\s*Domain=/i);
  };

  it("the language cookie is __Host-lng, set by ?lng= (from the cache as well) and read by every page", async () => {
    const chosen = await page("/?lng=es");
    await chosen.arrayBuffer();
    const cookie = chosen.headers.getSetCookie()[0];
    expectHostCookie(cookie, "__Host-lng");
    const fromCache = await page("/?lng=es");
    await fromCache.arrayBuffer();
    expect(fromCache.headers.get("x-page-cache")).toBe("hit");
    expect(fromCache.headers.getSetCookie()).toEqual([cookie]);

    const pair = cookie.split(";")[0];
    const remembered = await (await page("/", { Cookie: pair, "Accept-Language": "en-US" })).text();
    expect(remembered).toContain('<html lang="es"');
    // The same value under the plain name is not this site's cookie.
    const plain = await (await page("/", { Cookie: pair.replace(/^__Host-lng=/, "lng="), "Accept-Language": "en-US" })).text();
    expect(plain).toContain('<html lang="en"');
  });

  it("the source cookie is __Host-source, HttpOnly, set by a first page with UTM parameters and read by an enquiry", async () => {
    const landing = await page("/?utm_source=facebook&utm_medium=social", { Accept: "text/html", "Sec-Fetch-Dest": "document" });
    await landing.arrayBuffer();
    const cookie = landing.headers.getSetCookie().find((header) => header.startsWith("__Host-source="));
    expectHostCookie(cookie, "__Host-source");
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    const lastName = `Https${Date.now().toString(36)}`;
    const sent = await fetch(`${app.url}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: cookie!.split(";")[0], Referer: `${HTTPS_APP_URL}/faq` },
      body: JSON.stringify({ firstName: "Ana", lastName, email: "ana@example.com", subject: "rental-inquiry", message: "Hello" }),
    });
    expect(sent.status).toBe(201);
    const stored = withServerDatabase(app, (db) => db.prepare("select utm_source, utm_medium, sent_from from contact_messages where last_name = ?").get(lastName));
    expect(stored).toEqual({ utm_source: "facebook", utm_medium: "social", sent_from: "/faq" });
  });

  it("the session cookie is __Host-session, set by the Google sign-in, and it opens the dashboard", async () => {
    oauth.signInAs({ sub: "g-cookies", email: ADMIN, email_verified: true, name: "Cookies" });
    const { start, callback, sessionCookie } = await signInWithGoogle(app.url);
    // Starting the sign-in sets only the OAuth state's cookie, for the callback's path alone: __Secure-.
    const started = start.headers.getSetCookie();
    expect(started.length).toBe(1);
    expect(started[0]).toMatch(/^__Secure-google-state=[^;]+;/);
    expect(started[0]).toMatch(/;\s*Secure/i);
    expect(started[0]).toMatch(/;\s*Path=\/admin\/auth\/google\/callback/i);
    expect(callback.headers.get("location")).toBe("/admin/dashboard");
    expectHostCookie(callback.headers.getSetCookie().find((header) => header.startsWith("__Host-session=")), "__Host-session");

    const dashboard = await page("/admin/dashboard", { Cookie: sessionCookie! });
    expect(dashboard.status).toBe(200);
    expect(visibleTexts(await dashboard.text())).toContain(ADMIN);
    expect((await page("/api/admin/me", { Cookie: sessionCookie! })).status).toBe(200);
    // The same value under the plain name is no session here.
    const plain = await page("/admin/dashboard", { Cookie: sessionCookie!.replace(/^__Host-session=/, "__session=") });
    expect(plain.status).toBe(302);
    expect(plain.headers.get("location")).toMatch(/^\/admin\/login/);

    // The dashboard's notice after a form post (its cookie is set on /admin only: __Secure-).
    const unknownMessage = await fetch(`${app.url}/admin/dashboard/messages`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url, Cookie: sessionCookie! },
      body: new URLSearchParams({ id: "999999", handled: "true" }).toString(),
      redirect: "manual",
    });
    const toast = unknownMessage.headers.getSetCookie()[0];
    expect(toast).toMatch(/^__Secure-admin-toast=[^;]+;/);
    expect(toast).toMatch(/;\s*Secure/i);
    const followed = await postFormFollowed(app, sessionCookie!, "/admin/dashboard/messages", { id: "999999", handled: "true" });
    expect(visibleTexts(followed.html)).toContain("That message does not exist");
  });
});
