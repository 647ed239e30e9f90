import { parse as parseHtml } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, withServerDatabase, type RunningServer } from "../support/server";
import { visibleTexts } from "../support/html";

/**
 * Saved homes and their comparison (issue 33, points 2 to 4; docs/product.md §2,
 * decision 050): without JavaScript the Save toggles post to /favorites, which keeps the
 * list in the `saved-homes` cookie and sends the visitor back; /favorites and /compare
 * render from the cookie or `?ids=`, name what is gone, stay out of search engines and
 * are never shared through the page cache.
 */

let app: RunningServer;
let active: { id: number; name: string }[];
let inactive: { id: number; name: string };
let draft: { id: number; name: string };
const UNKNOWN = 987654;

beforeAll(async () => {
  app = await startServer({ env: { LOG_LEVEL: "error" } });
  const homes = ((await (await fetch(`${app.url}/api/properties`)).json()) as { id: number; name: string }[]).slice(0, 5);
  expect(homes.length).toBe(5);
  inactive = homes[4];
  active = homes.slice(0, 4);
  withServerDatabase(app, (db) => {
    db.prepare("update properties set is_active = 0 where id = ?").run(inactive.id);
    db.prepare("update properties set price_spanish = ?, latitude = ?, longitude = ? where id = ?").run("$1.234 al mes (prueba)", 32.9412, -97.1342, active[0].id);
    db.prepare("update properties set latitude = ?, longitude = ? where id = ?").run(32.7767, -96.797, active[1].id);
    // A home staff saved switched off and never published.
    const name = "DRAFT 12 Elm St - owner in foreclosure, do not list";
    const id = Number(
      db
        .prepare("insert into properties (name, location, price, image_url, beds, baths, sqft, description, is_active) values (?, 'Tyler, TX', '$900/month', '/objects/demo/home-1.webp', '2', '1', '900', 'Draft.', 0)")
        .run(name).lastInsertRowid,
    );
    draft = { id, name };
  });
});
afterAll(() => app.stop());

type Post = { fields: Record<string, string>; cookie?: string; origin?: string | null; path?: string };

async function post({ fields, cookie, origin = app.url, path = "/favorites" }: Post) {
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded" };
  if (origin) headers.Origin = origin;
  if (cookie) headers.Cookie = cookie;
  return fetch(`${app.url}${path}`, { method: "POST", headers, body: new URLSearchParams(fields).toString(), redirect: "manual" });
}

/** The saved-homes Set-Cookie of an answer, or null. */
function savedCookie(response: Response): string | null {
  return response.headers.getSetCookie().find((header) => header.startsWith("saved-homes=")) ?? null;
}

const cookieValue = (setCookie: string | null) => setCookie?.split(";")[0].slice("saved-homes=".length) ?? null;

async function page(path: string, cookie?: string) {
  const response = await fetch(`${app.url}${path}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
  const html = await response.text();
  return { response, html, document: parseHtml(html), texts: visibleTexts(html).join("\n") };
}

describe("the Save form without JavaScript", () => {
  it("saves a home in the cookie and goes back to the page it came from", async () => {
    const response = await post({ fields: { intent: "save", id: String(active[0].id), returnTo: "/properties?beds=2#listing-1-name" } });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/properties?beds=2#listing-1-name");
    const setCookie = savedCookie(response)!;
    expect(cookieValue(setCookie)).toBe(String(active[0].id));
    expect(setCookie).toMatch(/; Path=\//);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    expect(Number(/Max-Age=(\d+)/.exec(setCookie)?.[1])).toBeGreaterThan(30 * 24 * 3600);
  });

  it("adds to the list it carries, once", async () => {
    const cookie = `saved-homes=${active[0].id}`;
    const added = await post({ fields: { intent: "save", id: String(active[1].id), returnTo: "/" }, cookie });
    expect(cookieValue(savedCookie(added))).toBe(`${active[0].id}.${active[1].id}`);
    const again = await post({ fields: { intent: "save", id: String(active[0].id), returnTo: "/" }, cookie });
    expect(cookieValue(savedCookie(again))).toBe(String(active[0].id));
  });

  it("removes a home, and deletes the cookie with the last one", async () => {
    const removed = await post({ fields: { intent: "remove", id: String(active[0].id), returnTo: "/" }, cookie: `saved-homes=${active[0].id}.${active[1].id}` });
    expect(removed.status).toBe(303);
    expect(cookieValue(savedCookie(removed))).toBe(String(active[1].id));
    const last = await post({ fields: { intent: "remove", id: String(active[1].id), returnTo: "/" }, cookie: `saved-homes=${active[1].id}` });
    expect(savedCookie(last)).toMatch(/^saved-homes=; Max-Age=0;/);
  });

  it("saves a shared list whole with 'Save all', after the homes already saved", async () => {
    const response = await post({ fields: { intent: "save-all", ids: `${active[1].id},${active[2].id},${active[3].id}`, returnTo: "/favorites?lng=es" }, cookie: `saved-homes=${active[3].id}` });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/favorites?lng=es");
    expect(cookieValue(savedCookie(response))).toBe(`${active[3].id}.${active[1].id}.${active[2].id}`);
  });

  it("keeps at most 50 homes: the 51st is not added", async () => {
    const fifty = Array.from({ length: 50 }, (_, index) => index + 1000);
    const response = await post({ fields: { intent: "save", id: "5000", returnTo: "/" }, cookie: `saved-homes=${fifty.join(".")}` });
    expect(cookieValue(savedCookie(response))).toBe(fifty.join("."));
    const many = await post({ fields: { intent: "save-all", ids: Array.from({ length: 80 }, (_, index) => index + 1).join(","), returnTo: "/" } });
    expect(cookieValue(savedCookie(many))!.split(".")).toHaveLength(50);
  });

  it("reads only positive whole numbers from a cookie and drops the rest", async () => {
    const response = await post({ fields: { intent: "save", id: "7", returnTo: "/" }, cookie: "saved-homes=3.abc.-4.0.2.5e3.3.1.5" });
    expect(cookieValue(savedCookie(response))).toBe("3.2.1.5.7");
  });

  it("refuses an id that is not a home's number, says so in the visitor's language, and sets nothing", async () => {
    for (const id of ["abc", "-3", "0", "1.5", "", "99999999999999"]) {
      const response = await post({ fields: { intent: "save", id, returnTo: "/" } });
      expect(response.status, id).toBe(400);
      expect(savedCookie(response), id).toBeNull();
      expect(visibleTexts(await response.text())).toContain("This home could not be saved: its number is not valid.");
    }
    const spanish = await post({ fields: { intent: "save", id: "x", returnTo: "/" }, path: "/favorites?lng=es" });
    expect(spanish.status).toBe(400);
    expect(visibleTexts(await spanish.text())).toContain("No se pudo guardar esta casa: su número no es válido.");
    const noIntent = await post({ fields: { intent: "delete-everything", id: "1" } });
    expect(noIntent.status).toBe(400);
    expect(savedCookie(noIntent)).toBeNull();
  });

  it("refuses another site's post (403) and sets nothing", async () => {
    const response = await post({ fields: { intent: "save", id: String(active[0].id), returnTo: "/" }, origin: "https://evil.test" });
    expect(response.status).toBe(403);
    expect(savedCookie(response)).toBeNull();
  });

  it("reads only its declared fields: a repeated or structured name is refused", async () => {
    const repeated = await fetch(`${app.url}/favorites`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
      body: `intent=save&id=1&id=2`,
      redirect: "manual",
    });
    expect(repeated.status).toBe(400);
    expect(savedCookie(repeated)).toBeNull();
  });

  it("sends the visitor only to a page of this site", async () => {
    for (const returnTo of ["//evil.test/x", "https://evil.test/", "/\\evil.test", "javascript:alert(1)", "", "/./\\/evil.test"]) {
      const response = await post({ fields: { intent: "save", id: String(active[0].id), returnTo } });
      expect(response.status, returnTo).toBe(303);
      expect(response.headers.get("location"), returnTo).toBe("/favorites");
    }
  });

  it("changes nothing on a GET", async () => {
    const response = await fetch(`${app.url}/favorites?intent=save&id=${active[0].id}`, { redirect: "manual" });
    expect(response.status).toBe(200);
    expect(savedCookie(response)).toBeNull();
  });
});

describe("/favorites", () => {
  it("lists the saved homes that are active and names those no longer available, in English", async () => {
    const cookie = `saved-homes=${active[0].id}.${inactive.id}.${active[1].id}.${UNKNOWN}`;
    const { response, document, texts } = await page("/favorites", cookie);
    expect(response.status).toBe(200);
    const names = document.querySelectorAll("article h3").map((heading) => heading.textContent.trim());
    expect(names).toEqual([active[0].name, active[1].name]);
    expect(texts).toContain(`${inactive.name} is no longer available`);
    expect(texts).toContain("A home that is no longer available");
    const hrefs = document.querySelectorAll("a").map((link) => link.getAttribute("href"));
    expect(hrefs).toContain(`/favorites?ids=${active[0].id},${inactive.id},${active[1].id},${UNKNOWN}`);
    // Both active homes ticked to compare, in the form that opens /compare.
    const form = document.querySelector('form[action="/compare"]');
    expect(form?.getAttribute("method")).toBe("get");
    const ticks = document.querySelectorAll(`input[type="checkbox"][name="ids"][form="${form?.getAttribute("id")}"]`);
    expect(ticks.map((tick) => [tick.getAttribute("value"), tick.hasAttribute("checked")])).toEqual([
      [String(active[0].id), true],
      [String(active[1].id), true],
    ]);
    expect(document.querySelector('header a[href="/favorites"] .sr-only')?.textContent).toBe("Saved (4)");
    // Each card's toggle is pressed, named with its home.
    const toggles = document.querySelectorAll("article button[aria-pressed]");
    expect(toggles.map((button) => button.getAttribute("aria-pressed"))).toEqual(["true", "true"]);
    expect(toggles[0].getAttribute("value")).toBe("remove");
    // Pressed, it says so.
    expect(toggles[0].textContent).toBe(`Saved: ${active[0].name}`);
  });

  it("in Spanish, with the Spanish price", async () => {
    const cookie = `saved-homes=${active[0].id}.${inactive.id}.${UNKNOWN}`;
    const { document, texts } = await page("/favorites?lng=es", cookie);
    expect(document.querySelector("html")?.getAttribute("lang")).toBe("es");
    expect(texts).toContain("Casas guardadas");
    expect(texts).toContain("$1.234 al mes (prueba)");
    expect(texts).toContain(`${inactive.name} ya no está disponible`);
    expect(texts).toContain("Una casa que ya no está disponible");
    expect(document.querySelector('header a[href="/favorites"] .sr-only')?.textContent).toBe("Guardadas (3)");
  });

  it("without a list: the empty state links to every home, and no Compare", async () => {
    const { document, texts } = await page("/favorites");
    expect(texts).toContain("No saved homes yet. Tap Save on a home to keep it here.");
    expect(document.querySelector('main a[href="/properties"]')).not.toBeNull();
    expect(document.querySelector('a[href^="/compare"]')).toBeNull();
    expect(document.querySelector('header a[href="/favorites"]')).toBeNull();
  });

  it("opens a shared list from its link and offers 'Save all'", async () => {
    const { document, texts } = await page(`/favorites?ids=${active[2].id},${active[3].id},${UNKNOWN}`);
    expect(texts).toContain("Homes shared with you");
    expect(document.querySelectorAll("article h3").map((heading) => heading.textContent.trim())).toEqual([active[2].name, active[3].name]);
    expect(texts).toContain("A home that is no longer available");
    const saveAll = document.querySelector('form[action="/favorites"] button[value="save-all"]');
    expect(saveAll?.textContent).toBe("Save all");
    expect(document.querySelector('input[name="ids"]')?.getAttribute("value")).toBe(`${active[2].id},${active[3].id},${UNKNOWN}`);
    const spanish = await page(`/favorites?ids=${active[2].id}&lng=es`);
    expect(spanish.texts).toContain("Guardar todas");
  });

  it("sends a list whose commas were escaped (the language switch's GET form) to the same list with plain commas", async () => {
    const response = await fetch(`${app.url}/favorites?ids=${active[0].id}%2C${active[1].id}&lng=es`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/favorites?ids=${active[0].id},${active[1].id}&lng=es`);
  });
});

describe("a home that was never public", () => {
  it("is not named in a shared list or a comparison, in either language", async () => {
    for (const path of [`/favorites?ids=${draft.id},${active[0].id}`, `/compare?ids=${draft.id},${active[0].id}`]) {
      const english = await page(path);
      expect(english.texts).not.toContain("DRAFT");
      expect(english.texts).toContain("A home that is no longer available");
      const spanish = await page(`${path}&lng=es`);
      expect(spanish.texts).not.toContain("foreclosure");
      expect(spanish.texts).toContain("Una casa que ya no está disponible");
    }
  });

  it("is named once it has been public, after it is switched off again", async () => {
    const edited = withServerDatabase(app, (db) => db.prepare("select first_published_at from properties where id = ?").get(inactive.id)) as { first_published_at: number | null };
    expect(edited.first_published_at).not.toBeNull();
    expect((await page(`/favorites?ids=${inactive.id}`)).texts).toContain(`${inactive.name} is no longer available`);
  });
});

describe("/compare", () => {
  it("shows three homes side by side with every attribute and the distance between the placed ones", async () => {
    const ids = [active[0].id, active[1].id, active[2].id];
    const { response, document, texts } = await page(`/compare?ids=${ids.join(",")}`);
    expect(response.status).toBe(200);
    const columns = document.querySelectorAll("thead th").map((heading) => heading.textContent.trim());
    expect(columns).toEqual([active[0].name, active[1].name, active[2].name]);
    const rows = document.querySelectorAll('tbody th[scope="row"]').map((heading) => heading.textContent.trim());
    expect(rows).toEqual([
      "Photo",
      "Estimated monthly total",
      "Price",
      "Availability",
      "Location",
      "Beds",
      "Baths",
      "Square feet",
      "Home type",
      "Year built",
      "Make and model",
      "Pets",
      "Deposit",
      "Application fee",
      "Lot rent a month",
      "Other monthly fees",
      "Utilities included",
      "Community",
      "55+ community",
      "Video or 3D tour",
      "Links",
    ]);
    expect(document.querySelectorAll("tbody img")).toHaveLength(3);
    for (const id of ids) expect(document.querySelectorAll(`a[href="/properties/${id}"]`).length).toBeGreaterThan(0);
    // The stacked cards of a phone carry the same homes.
    expect(document.querySelectorAll("ul article h2").map((heading) => heading.textContent.trim())).toEqual(columns);
    // Southlake to Dallas: 22.6 miles as the crow flies (haversine).
    expect(texts).toMatch(new RegExp(`${escapeRegExp(active[0].name)} to ${escapeRegExp(active[1].name)}: 22.6 miles`));
  });

  it("in Spanish, with the Spanish price and labels", async () => {
    const { document, texts } = await page(`/compare?ids=${active[0].id},${active[1].id}&lng=es`);
    expect(document.querySelector("html")?.getAttribute("lang")).toBe("es");
    expect(texts).toContain("$1.234 al mes (prueba)");
    const rows = document.querySelectorAll('tbody th[scope="row"]').map((heading) => heading.textContent.trim());
    for (const label of ["Foto", "Precio", "Ubicación", "Pies cuadrados", "Enlaces"]) expect(rows).toContain(label);
    expect(texts).toMatch(/millas/);
  });

  it("names unknown and inactive homes and leaves them out", async () => {
    const { document, texts } = await page(`/compare?ids=${active[0].id},${UNKNOWN},${inactive.id},${active[1].id}`);
    expect(document.querySelectorAll("thead th").map((heading) => heading.textContent.trim())).toEqual([active[0].name, active[1].name]);
    expect(texts).toContain("A home that is no longer available");
    expect(texts).toContain(`${inactive.name} is no longer available`);
  });

  it("refuses more than four homes with a message, in both languages", async () => {
    const five = [...active.map((home) => home.id), UNKNOWN].join(",");
    const english = await page(`/compare?ids=${five}`);
    expect(english.response.status).toBe(400);
    expect(english.texts).toContain("At most 4 homes can be compared at once; this link has 5.");
    expect(english.document.querySelector("table")).toBeNull();
    const spanish = await page(`/compare?ids=${five}&lng=es`);
    expect(spanish.texts).toContain("Se pueden comparar como máximo 4 casas a la vez; este enlace tiene 5.");
  });
});

describe("search engines and the page cache", () => {
  it("gives both pages canonical and hreflang links and noindex", async () => {
    for (const path of [`/favorites?ids=${active[0].id}`, `/compare?ids=${active[0].id},${active[1].id}&lng=es`]) {
      const { document } = await page(path);
      const pathname = path.split("?")[0];
      const spanish = path.includes("lng=es");
      expect(document.querySelector('meta[name="robots"]')?.getAttribute("content"), path).toBe("noindex");
      expect(document.querySelector('link[rel="canonical"]')?.getAttribute("href"), path).toBe(`${app.url}${pathname}${spanish ? "?lng=es" : ""}`);
      const alternates = Object.fromEntries(document.querySelectorAll('link[rel="alternate"]').map((link) => [link.getAttribute("hreflang"), link.getAttribute("href")]));
      expect(alternates).toEqual({ en: `${app.url}${pathname}`, es: `${app.url}${pathname}?lng=es`, "x-default": `${app.url}${pathname}` });
    }
  });

  it("leaves them out of the sitemap", async () => {
    const sitemap = await (await fetch(`${app.url}/sitemap.xml`)).text();
    expect(sitemap).toContain("/properties");
    expect(sitemap).not.toContain("/favorites");
    expect(sitemap).not.toContain("/compare");
  });

  it("never shows one visitor's list to another through the cache", async () => {
    const cookie = `saved-homes=${active[0].id}.${active[1].id}`;
    for (const path of ["/", "/properties", `/properties/${active[0].id}`, "/?lng=es"]) {
      // Warmed by a visitor without a list, then asked by one with it, then without again.
      await page(path);
      const before = await page(path);
      expect(before.document.querySelector('header a[href="/favorites"]'), path).toBeNull();
      const mine = await page(path, cookie);
      expect(mine.document.querySelector('header a[href="/favorites"]')?.getAttribute("title"), path).toMatch(/\(2\)$/);
      expect(mine.document.querySelectorAll('button[aria-pressed="true"]').length, path).toBeGreaterThan(0);
      const after = await page(path);
      expect(after.document.querySelector('header a[href="/favorites"]'), path).toBeNull();
      expect(after.document.querySelectorAll('button[aria-pressed="true"]'), path).toHaveLength(0);
    }
    // A shared list is never stored for the next visitor either.
    const shared = await page(`/favorites?ids=${active[2].id}`);
    expect(shared.response.headers.get("x-cache")).not.toBe("hit");
    const second = await page(`/favorites?ids=${active[2].id}`);
    expect(second.response.headers.get("x-cache")).not.toBe("hit");
  });
});

describe("saved homes near a place (docs/product.md, \"Search by place\")", () => {
  it("from a search near a place: the header's link carries it, each card says how far, and the share link keeps it", async () => {
    const cookie = `saved-homes=${active[0].id}.${active[1].id}`;
    const search = await page("/properties?near=Grand+Prairie%2C+TX&within=50", cookie);
    const link = search.document.querySelector('header a[title^="Saved"]')?.getAttribute("href");
    expect(link).toBe("/favorites?near=Grand+Prairie%2C+TX&within=50");

    const saved = await page(link!, cookie);
    // active[0] at 32.9412, -97.1342 (Grapevine's way) and active[1] at Dallas's centre.
    expect(saved.texts).toMatch(/\b\d+ mi from Grand Prairie, TX\b/);
    expect(saved.texts.match(/mi from Grand Prairie, TX/g)).toHaveLength(2);
    const share = saved.document.querySelectorAll("a").find((anchor) => anchor.text.trim() === "Link to this list")?.getAttribute("href");
    expect(share).toBe(`/favorites?ids=${active[0].id},${active[1].id}&near=Grand+Prairie%2C+TX&within=50`);
    const opened = await page(share!);
    expect(opened.texts.match(/mi from Grand Prairie, TX/g)).toHaveLength(2);
    // Elsewhere the link is the plain list.
    expect((await page("/faq", cookie)).document.querySelector('header a[title^="Saved"]')?.getAttribute("href")).toBe("/favorites");
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
