import fs from "node:fs";
import { fileURLToPath } from "node:url";

// The built stylesheet's text, read once: the server bundle (build/index.js) sits
// beside public/, and the stylesheet's URL is /build/_assets/<name>.css.
const cache = new Map<string, string>();

export function stylesheetText(href: string): string {
  let text = cache.get(href);
  if (text === undefined) {
    const file = fileURLToPath(new URL(`../public${href}`, import.meta.url));
    text = fs.readFileSync(file, "utf8");
    cache.set(href, text);
  }
  return text;
}
