import { activeHomesForSitemap, homePageLastChange } from "~/models/sitemap.server";
import { BROWSE_PATH } from "~/utils/browse-query";
import { config } from "~/utils/env.server";
import { sitemapXml } from "~/utils/sitemap";

/** GET /sitemap.xml: the home page, the list of homes and every active home, in both languages; read fresh on every request. */
export async function loader() {
  const homes = activeHomesForSitemap();
  const newestHome = homes.reduce<Date | null>((newest, home) => (newest && newest > home.updatedAt ? newest : home.updatedAt), null);
  const body = sitemapXml(config().appUrl, [
    { path: "/", lastModified: homePageLastChange(homes) },
    { path: BROWSE_PATH, lastModified: newestHome },
    ...homes.map((home) => ({ path: `/properties/${home.id}`, lastModified: home.updatedAt })),
  ]);
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "no-cache" },
  });
}
