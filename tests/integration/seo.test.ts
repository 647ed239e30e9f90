import xmlParser from "fast-xml-parser";
import { parse as parseHtml, type HTMLElement } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonCaller, startSignedInApp } from "../support/admin-api";
import { startServer, type RunningServer } from "../support/server";
import { schemaOrgProblems } from "../support/schema-org";

/**
 * Issue 12, items 1 to 4: both languages as indexable URLs (canonical, hreflang, <html
 * lang>), /sitemap.xml and /robots.txt, link previews (Open Graph, Twitter) and
 * structured data (JSON-LD), on the demo data and on homes added through the admin API.
 */

let app: RunningServer;
let cookie: string;
let stop = async () => {};
const call = jsonCaller(() => app, () => cookie);

beforeAll(async () => {
  ({ app, cookie, stop } = await startSignedInApp({ email: "seo@example.com" }));
});
afterAll(() => stop());

type AdminProperty = Record<string, unknown> & { id: number; name: string; isActive: boolean; updatedAt: string };

async function adminProperty(id: number): Promise<AdminProperty> {
  const response = await call(`/api/admin/properties/${id}`);
  expect(response.status).toBe(200);
  return (await response.json()) as AdminProperty;
}

/** PUT replaces every field: the property as it is, with these changes. */
async function editProperty(id: number, changes: Record<string, unknown>): Promise<AdminProperty> {
  const current = await adminProperty(id);
  const fields = ["name", "location", "latitude", "longitude", "price", "priceSpanish", "imageUrl", "applicationUrl", "beds", "baths", "sqft", "description", "descriptionSpanish", "isActive"];
  const body = Object.fromEntries(fields.map((field) => [field, current[field]]));
  const response = await call(`/api/admin/properties/${id}`, { method: "PUT", body: { ...body, ...changes } });
  expect(response.status).toBe(200);
  return (await response.json()) as AdminProperty;
}

async function activeHomeIds(): Promise<number[]> {
  const response = await fetch(`${app.url}/api/properties`);
  return ((await response.json()) as { id: number }[]).map((home) => home.id);
}

async function getPage(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(app.url + path, { headers, redirect: "manual" });
  const html = await response.text();
  return { response, html, document: parseHtml(html) };
}

/** What a page's head says of it. */
function headOf(document: HTMLElement) {
  const meta = (attribute: "property" | "name", key: string) => document.querySelector(`meta[${attribute}="${key}"]`)?.getAttribute("content") ?? null;
  const alternates = Object.fromEntries(
    document.querySelectorAll('link[rel="alternate"]').map((link) => [link.getAttribute("hreflang"), link.getAttribute("href")]),
  );
  const structuredData = document
    .querySelectorAll('script[type="application/ld+json"]')
    .map((script) => JSON.parse(script.textContent) as Record<string, unknown> & { "@type": string });
  return {
    lang: document.querySelector("html")?.getAttribute("lang"),
    title: document.querySelector("title")?.textContent,
    canonical: document.querySelectorAll('link[rel="canonical"]').map((link) => link.getAttribute("href")),
    alternates,
    og: (key: string) => meta("property", `og:${key}`),
    twitter: (key: string) => meta("name", `twitter:${key}`),
    robots: meta("name", "robots"),
    structuredData,
  };
}

function sitemapUrls(xml: string) {
  expect(xmlParser.validate(xml)).toBe(true);
  const parsed = xmlParser.parse(xml, { ignoreAttributes: false, attributeNamePrefix: "" }) as {
    urlset: { xmlns: string; "xmlns:xhtml": string; url: { loc: string; lastmod?: string; "xhtml:link": { rel: string; hreflang: string; href: string }[] }[] };
  };
  expect(parsed.urlset.xmlns).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
  expect(parsed.urlset["xmlns:xhtml"]).toBe("http://www.w3.org/1999/xhtml");
  return [parsed.urlset.url].flat();
}

const PAGES = [
  { path: "/", title: /Manufactured Housing in Texas/, spanishTitle: /Casas manufacturadas en Texas/ },
  { path: "/properties", title: /All available homes/, spanishTitle: /Todas las casas disponibles/ },
  { path: "/properties/1", title: /^Oak Hollow Community, Lot 14 \| \$1,150\/month/, spanishTitle: /^Oak Hollow Community, Lot 14 \| \$1,150 al mes/ },
];

describe("each public page in both languages", () => {
  for (const { path, title, spanishTitle } of PAGES) {
    it(`${path}: its own URL in each language, with canonical, hreflang alternates, <html lang> and previews`, async () => {
      const english = `${app.url}${path}`;
      const spanish = `${app.url}${path}${path.includes("?") ? "&" : "?"}lng=es`;
      for (const [language, asked, own, other, locale, otherLocale, pageTitle] of [
        ["en", path, english, spanish, "en_US", "es_US", title],
        ["es", `${path}?lng=es`, spanish, english, "es_US", "en_US", spanishTitle],
      ] as const) {
        // A crawler: no cookie, no Accept-Language.
        const { response, document } = await getPage(asked);
        expect(response.status, asked).toBe(200);
        const head = headOf(document);
        expect(head.lang).toBe(language);
        expect(head.title).toMatch(pageTitle);
        expect(head.canonical).toEqual([own]);
        expect(head.alternates).toEqual({ en: english, es: spanish, "x-default": english });
        expect(head.og("url")).toBe(own);
        expect(head.og("title")).toBe(head.title);
        expect(head.og("description")).toBeTruthy();
        expect(head.og("locale")).toBe(locale);
        expect(head.og("locale:alternate")).toBe(otherLocale);
        expect(head.og("site_name")).toBe("Lone Star Home Management");
        expect(head.twitter("card")).toBe("summary_large_image");
        expect(head.twitter("title")).toBe(head.title);
        expect(head.robots).toBeNull();
        expect(other).not.toBe(own);
        // The preview picture is our own 1200 px wide copy, and it is served.
        const image = head.og("image")!;
        expect(image).toMatch(new RegExp(`^${app.url}/variants/1200/`));
        expect(head.twitter("image")).toBe(image);
        const picture = await fetch(image);
        expect(picture.status).toBe(200);
        expect(picture.headers.get("content-type")).toBe("image/webp");
      }
    });
  }

  it("the plain URL follows the visitor's choice and names the URL of the language it shows", async () => {
    const byBrowser = headOf((await getPage("/", { "Accept-Language": "es-MX,es;q=0.9" })).document);
    expect(byBrowser.lang).toBe("es");
    expect(byBrowser.canonical).toEqual([`${app.url}/?lng=es`]);
    // The cookie that choosing Spanish once leaves behind.
    const chosen = (await getPage("/?lng=es")).response.headers.getSetCookie().map((header) => header.split(";")[0]);
    expect(chosen[0]).toMatch(/^lng=/);
    const spanishCookie = chosen.join("; ");
    const byCookie = headOf((await getPage("/properties/1", { Cookie: spanishCookie })).document);
    expect(byCookie.lang).toBe("es");
    expect(byCookie.canonical).toEqual([`${app.url}/properties/1?lng=es`]);
    // A URL that names its language wins over both.
    const named = headOf((await getPage("/?lng=en", { Cookie: spanishCookie, "Accept-Language": "es" })).document);
    expect(named.lang).toBe("en");
    expect(named.canonical).toEqual([`${app.url}/`]);
  });

  it("/properties: a filtered list points at the list; a page of the whole list at itself", async () => {
    const filtered = headOf((await getPage("/properties?beds=2&sort=price-asc&lng=es")).document);
    expect(filtered.canonical).toEqual([`${app.url}/properties?lng=es`]);
    expect(filtered.alternates.en).toBe(`${app.url}/properties`);
  });

  it("the home page carries the company and its FAQs, in the page's language", async () => {
    for (const language of ["en", "es"] as const) {
      const head = headOf((await getPage(`/?lng=${language}`)).document);
      const company = head.structuredData.find((data) => data["@type"] === "RealEstateAgent")!;
      expect(company).toMatchObject({
        "@context": "https://schema.org",
        name: "Lone Star Home Management",
        url: `${app.url}/`,
        logo: `${app.url}/logo.svg`,
        telephone: "+18175550142",
        email: "info@lonestarhomemanagement.com",
        address: {
          "@type": "PostalAddress",
          streetAddress: "1560 E Southlake Blvd, Suite 100",
          addressLocality: "Southlake",
          addressRegion: "TX",
          postalCode: "76092",
          addressCountry: "US",
        },
        openingHoursSpecification: [
          {
            "@type": "OpeningHoursSpecification",
            dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"].map((day) => `https://schema.org/${day}`),
            opens: "08:00",
            closes: "17:00",
          },
        ],
      });
      const faqPage = head.structuredData.find((data) => data["@type"] === "FAQPage") as unknown as { inLanguage: string; mainEntity: { "@type": string; name: string; acceptedAnswer: { "@type": string; text: string } }[] };
      const faqs = (await (await fetch(`${app.url}/api/faqs`)).json()) as { question: string; questionSpanish: string | null; answer: string; answerSpanish: string | null }[];
      expect(faqPage.inLanguage).toBe(language);
      expect(faqPage.mainEntity).toEqual(
        faqs.map((faq) => ({
          "@type": "Question",
          name: language === "es" ? faq.questionSpanish || faq.question : faq.question,
          acceptedAnswer: { "@type": "Answer", text: language === "es" ? faq.answerSpanish || faq.answer : faq.answer },
        })),
      );
    }
  });

  it("a home's page carries the listing, its offer with the price, and the home", async () => {
    const head = headOf((await getPage("/properties/1?lng=es")).document);
    expect(head.structuredData).toHaveLength(1);
    const listing = head.structuredData[0];
    expect(listing).toMatchObject({
      "@context": "https://schema.org",
      "@type": "RealEstateListing",
      name: "Oak Hollow Community, Lot 14",
      url: `${app.url}/properties/1`,
      inLanguage: "es",
      offers: {
        "@type": "OfferForLease",
        price: 1150,
        priceCurrency: "USD",
        description: "$1,150 al mes",
        priceSpecification: { "@type": "UnitPriceSpecification", price: 1150, priceCurrency: "USD", unitCode: "MON" },
      },
      mainEntity: {
        "@type": "SingleFamilyResidence",
        address: { "@type": "PostalAddress", addressLocality: "Fort Worth", addressRegion: "TX", postalCode: "76116" },
        floorSize: { "@type": "QuantitativeValue", value: 1216, unitCode: "FTK" },
        numberOfBedrooms: 3,
        numberOfBathroomsTotal: 2,
        geo: { "@type": "GeoCoordinates", latitude: expect.any(Number), longitude: expect.any(Number) },
      },
    });
    expect(Date.parse(listing.datePosted as string)).not.toBeNaN();
    expect((listing.image as string[]).every((url) => url.startsWith(`${app.url}/variants/1200/`))).toBe(true);
  });

  it("a sale is an offer to purchase, and a home without a price reading has an offer with its text only", async () => {
    const created = await call("/api/admin/properties", {
      method: "POST",
      body: { name: "Mesquite Ridge, Lot 3", location: "Abilene, TX 79601", price: "Call for price", imageUrl: "/objects/demo/home-2.webp", beds: "3", baths: "2", sqft: "1200-1400", description: "A home.", isActive: true },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const listing = headOf((await getPage(`/properties/${id}`)).document).structuredData[0] as unknown as { offers: Record<string, unknown>; mainEntity: Record<string, unknown> };
    expect(listing.offers).toEqual({ "@type": "Offer", description: "Call for price", availability: "https://schema.org/InStock" });
    expect(listing.mainEntity.floorSize).toMatchObject({ minValue: 1200, maxValue: 1400 });
    expect(listing.mainEntity).not.toHaveProperty("geo");

    const sale = headOf((await getPage("/properties/2")).document).structuredData[0] as unknown as { offers: Record<string, unknown> };
    expect(sale.offers).toMatchObject({ "@type": "OfferForPurchase", price: 89900, priceCurrency: "USD" });
  });

  it("no text typed into a home can close the JSON-LD script", async () => {
    const hostile = `Nice home </script><script>document.title="owned"</script><!-- & </SCRIPT >`;
    const created = await call("/api/admin/properties", {
      method: "POST",
      body: { name: `Trap </script> Lot`, location: "Waco, TX 76706", price: "$900/month", imageUrl: "/objects/demo/home-3.webp", beds: "2", baths: "1", sqft: "900", description: hostile, isActive: true },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const { html, document } = await getPage(`/properties/${id}`);
    const ldScripts = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
    expect(ldScripts).toHaveLength(1);
    expect(ldScripts[0][1]).not.toMatch(/<|>/);
    const data = JSON.parse(ldScripts[0][1]) as { name: string; description: string };
    expect(data.description).toBe(hostile);
    expect(data.name).toBe("Trap </script> Lot");
    // Nothing of the text became an element of its own.
    expect(document.querySelectorAll("script").some((script) => script.textContent.includes('document.title="owned"') && script.getAttribute("type") !== "application/ld+json")).toBe(false);
  });
});

describe("structured data against schema.org's vocabulary (tests/fixtures)", () => {
  it("finds a property schema.org does not define, one on the wrong type, and a value of the wrong kind", () => {
    expect(
      schemaOrgProblems({
        "@context": "https://schema.org",
        "@type": "SingleFamilyResidence",
        numberOfBedrooms: 2,
        bedroomCount: 2,
        priceCurrency: "USD",
        petsAllowed: { "@type": "PostalAddress" },
      }),
    ).toEqual([
      "$.bedroomCount: not a schema.org property",
      "$.priceCurrency: not a property of SingleFamilyResidence",
      "$.petsAllowed: PostalAddress is not among Text, Boolean",
    ]);
  });

  it("every public page's JSON-LD holds, a home's with its facts: numeric offers, rooms, floor size, pets, year built and availability", async () => {
    const homes = [
      await call("/api/admin/properties", {
        method: "POST",
        body: {
          name: "Schema Soon, Lot 1", location: "Abilene, TX 79601", price: "$985/month", imageUrl: "/objects/demo/home-2.webp", beds: "3", baths: "1.5", sqft: "1,120",
          description: "A home.", facts: { status: "coming_soon", availableOn: "2099-03-01", listingType: "rent_to_own", pets: "none", yearBuilt: 2016, homeType: "double_wide" },
        },
      }),
      await call("/api/admin/properties", {
        method: "POST",
        body: { name: "Schema Pending, Lot 2", location: "Abilene, TX 79601", price: "$54,900", imageUrl: "/objects/demo/home-3.webp", beds: "2", baths: "2", sqft: "980", description: "A home.", facts: { status: "pending", listingType: "owner_finance", pets: "dogs" } },
      }),
    ];
    const [soon, pending] = (await Promise.all(homes.map((response) => response.json()))) as { id: number }[];
    const ids = await activeHomeIds();
    for (const path of ["/", "/properties", "/rental-criteria", ...ids.map((id) => `/properties/${id}`)]) {
      for (const language of ["en", "es"]) {
        const data = headOf((await getPage(`${path}${path.includes("?") ? "&" : "?"}lng=${language}`)).document).structuredData;
        expect(schemaOrgProblems(data), `${path} in ${language}`).toEqual([]);
      }
    }

    const listingOf = async (id: number) => headOf((await getPage(`/properties/${id}`)).document).structuredData[0] as unknown as { offers: Record<string, unknown>; mainEntity: Record<string, unknown> };
    const coming = await listingOf(soon.id);
    expect(coming.offers).toMatchObject({ "@type": "OfferForLease", price: 985, priceCurrency: "USD", availability: "https://schema.org/PreOrder", availabilityStarts: "2099-03-01" });
    expect(coming.mainEntity).toMatchObject({ numberOfBedrooms: 3, numberOfBathroomsTotal: 2, numberOfFullBathrooms: 1, numberOfPartialBathrooms: 1, floorSize: { value: 1120, unitCode: "FTK" }, petsAllowed: false, yearBuilt: 2016 });
    const reserved = await listingOf(pending.id);
    expect(reserved.offers).toMatchObject({ "@type": "OfferForPurchase", price: 54900, availability: "https://schema.org/Reserved" });
    expect(reserved.mainEntity).toMatchObject({ petsAllowed: true, numberOfBathroomsTotal: 2 });
  });
});

describe("/sitemap.xml and /robots.txt", () => {
  it("robots.txt allows the public site, keeps crawlers out of the back office and names the sitemap", async () => {
    const response = await fetch(`${app.url}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    const lines = (await response.text()).split("\n");
    expect(lines).toEqual(expect.arrayContaining(["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /api/admin", `Sitemap: ${app.url}/sitemap.xml`]));
  });

  it("lists the home page, the list, every active home and the rental criteria in both languages, with alternates and lastmod", async () => {
    const response = await fetch(`${app.url}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/xml/);
    const urls = sitemapUrls(await response.text());
    const ids = await activeHomeIds();
    const paths = ["/", "/properties", ...ids.map((id) => `/properties/${id}`), "/rental-criteria"];
    const expected = paths.flatMap((path) => [`${app.url}${path}`, `${app.url}${path}?lng=es`]);
    expect(urls.map((url) => url.loc).sort()).toEqual(expected.sort());
    for (const url of urls) {
      const english = url.loc.replace("?lng=es", "");
      expect(url["xhtml:link"]).toEqual([
        { rel: "alternate", hreflang: "en", href: english },
        { rel: "alternate", hreflang: "es", href: `${english}?lng=es` },
        { rel: "alternate", hreflang: "x-default", href: english },
      ]);
      expect(Date.parse(url.lastmod!)).not.toBeNaN();
    }
    const home = await adminProperty(ids[0]);
    expect(urls.find((url) => url.loc === `${app.url}/properties/${ids[0]}?lng=es`)!.lastmod).toBe(home.updatedAt);
  });

  it("follows an edit at once: a new lastmod, and a home taken off the site leaves it and answers 410, unindexed", async () => {
    const [first, second] = await activeHomeIds();
    const edited = await editProperty(first, { description: "Freshly painted, new skirting." });
    let urls = sitemapUrls(await (await fetch(`${app.url}/sitemap.xml`)).text());
    expect(urls.find((url) => url.loc === `${app.url}/properties/${first}`)!.lastmod).toBe(edited.updatedAt);

    await editProperty(second, { isActive: false });
    urls = sitemapUrls(await (await fetch(`${app.url}/sitemap.xml`)).text());
    expect(urls.filter((url) => url.loc.includes(`/properties/${second}`))).toEqual([]);
    for (const path of [`/properties/${second}`, `/properties/${second}?lng=es`, "/properties/999999", "/properties/999999?lng=es"]) {
      const { response, document } = await getPage(path);
      // Public once, its address says it has gone (docs/product.md, "A home's life").
      expect(response.status, path).toBe(path.includes("999999") ? 404 : 410);
      expect(headOf(document).robots).toBe("noindex");
      expect(headOf(document).canonical).toEqual([]);
    }
    await editProperty(second, { isActive: true });
  });
});

describe("absolute URLs come from APP_URL", () => {
  let proxied: RunningServer;
  beforeAll(async () => {
    proxied = await startServer({ env: { APP_URL: "https://homes.example.com" } });
  });
  afterAll(() => proxied.stop());

  it("whatever host the request names", async () => {
    const headers = { Host: "evil.example.net", "X-Forwarded-Host": "evil.example.net" };
    const html = await (await fetch(`${proxied.url}/properties/1?lng=es`, { headers })).text();
    const head = headOf(parseHtml(html));
    expect(head.canonical).toEqual(["https://homes.example.com/properties/1?lng=es"]);
    expect(head.og("image")).toMatch(/^https:\/\/homes\.example\.com\/variants\/1200\//);
    expect(html).not.toContain("evil.example.net");
    const sitemap = await (await fetch(`${proxied.url}/sitemap.xml`, { headers })).text();
    expect(sitemapUrls(sitemap).every((url) => url.loc.startsWith("https://homes.example.com/"))).toBe(true);
    expect(await (await fetch(`${proxied.url}/robots.txt`, { headers })).text()).toContain("Sitemap: https://homes.example.com/sitemap.xml");
  });
});
