import { config } from "~/config/env.server";
import { absoluteUrl } from "~/utils/language-urls";
import { SITEMAP_PATH } from "~/paths";

/** GET /robots.txt: the public site is open to crawlers; the back office and its API are not. */
export async function loader() {
  const body = ["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /api/admin", "", `Sitemap: ${absoluteUrl(config().appUrl, SITEMAP_PATH)}`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
