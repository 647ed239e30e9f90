import crypto from "node:crypto";

/**
 * A shared cached page cannot carry a per-request nonce, so its inline scripts are
 * allowed by their hashes instead: the CSP of that page names exactly the scripts it was
 * rendered with, and a script added to it later (an injection, a proxy) matches none.
 */

// An inline script: no src attribute. Its text ends at the first `</script`, as the
// HTML parser reads it (React and Remix escape `<` inside what they serialise).
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const HAS_SRC = /\ssrc\s*=/i;
const TYPE_ATTRIBUTE = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
// Types a browser runs; anything else (application/ld+json) is data that CSP does not govern.
const RUNNABLE_TYPES = new Set(["", "text/javascript", "module", "application/javascript"]);

function runs(attributes: string): boolean {
  if (HAS_SRC.test(attributes)) return false;
  const match = TYPE_ATTRIBUTE.exec(attributes);
  const type = (match?.[1] ?? match?.[2] ?? match?.[3] ?? "").trim().toLowerCase();
  return RUNNABLE_TYPES.has(type);
}

/** The CSP hash sources ('sha256-…') of the inline scripts a browser would run in `html`. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, text] of html.matchAll(INLINE_SCRIPT)) {
    if (!runs(attributes)) continue;
    hashes.add(`'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * The page as it is shared: its nonce attributes removed (the nonce belonged to the
 * request that rendered it), and a CSP in which that request's nonce source is replaced
 * by the hashes of the page's own inline scripts (script-src) or by nothing (style-src:
 * our pages have no inline style elements).
 */
export function withHashedScripts(html: string, csp: string, nonce: string): { html: string; csp: string } {
  const shared = nonce ? html.split(` nonce="${nonce}"`).join("") : html;
  const nonceSource = ` 'nonce-${nonce}'`;
  const hashes = inlineScriptHashes(shared);
  const directives = csp.split(";").map((directive) => {
    const name = directive.trim().split(/\s+/, 1)[0];
    if (!directive.includes(nonceSource)) return directive;
    const replacement = name === "script-src" ? hashes.map((hash) => ` ${hash}`).join("") : "";
    return directive.split(nonceSource).join(replacement);
  });
  return { html: shared, csp: directives.join(";") };
}
