import { redirect, type LoaderFunctionArgs } from "react-router";
import { activeHomesForSitemap, homePageLastChange, textsLastChange } from "~/models/sitemap.server";
import { RENTAL_CRITERIA_TEXTS } from "~/models/rental-criteria";
import { config } from "~/config/env.server";
import { sitemapXml } from "~/document/sitemap";
import { BROWSE_PATH, RENTAL_CRITERIA_PATH, SITEMAP_PATH, propertyPath } from "~/paths";

/**
 * GET /sitemap.xml: the home page, the list of homes, every active home and the rental criteria, in both
 * languages. Made here only when what it lists has changed: the server keeps the answer
 * until then (server/kept-answer.ts) and answers every other request from it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  // Only this spelling is kept: another one that matches the route ("/Sitemap.xml",
  // "/sitemap.xml/") would make the whole sitemap again on every request.
  if (new URL(request.url).pathname !== SITEMAP_PATH) throw redirect(SITEMAP_PATH, 301);
  const homes = activeHomesForSitemap();
  const newestHome = homes.reduce<Date | null>((newest, home) => (newest && newest > home.updatedAt ? newest : home.updatedAt), null);
  const body = sitemapXml(config().appUrl, [
    { path: "/", lastModified: homePageLastChange(homes) },
    { path: BROWSE_PATH, lastModified: newestHome },
    ...homes.map((home) => ({ path: propertyPath(home.id), lastModified: home.updatedAt })),
    { path: RENTAL_CRITERIA_PATH, lastModified: textsLastChange(RENTAL_CRITERIA_TEXTS) },
  ]);
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "no-cache" },
  });
}
