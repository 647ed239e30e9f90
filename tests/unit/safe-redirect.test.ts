import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/auth/safe-redirect";

const SITE = "https://site.example";

/**
 * What a redirect target must be, whatever came in: one "/" not followed by another or
 * a "\" (else a browser reads a host), the same origin once a browser resolves it, and
 * safeRedirect's own answer for it (so applying it twice changes nothing).
 */
function expectSafe(target: unknown, result: string) {
  const label = JSON.stringify(target);
  expect(result.startsWith("/"), label).toBe(true);
  expect(["/", "\\"], label).not.toContain(result[1]);
  expect(new URL(result, SITE).origin, label).toBe(SITE);
  expect(safeRedirect(result), label).toBe(result);
}

// Ways of writing another host, or a scheme, that a check before normalising can miss.
const TRICKS = [
  "//evil.example",
  "///evil.example",
  "/\\evil.example",
  "/\\/evil.example",
  "\\\\evil.example",
  "\\/evil.example",
  "/%5C/evil.example",
  "/%5c%5cevil.example",
  "/%2F/evil.example",
  "/%2f%2fevil.example",
  "/.//evil.example",
  "/..//evil.example",
  "/a/..//evil.example",
  "/a/b/../../..//evil.example",
  "/%2e//evil.example",
  "/%2E%2E//evil.example",
  "/.%2e//evil.example",
  "/%2e%2e/%2e%2e//evil.example",
  "/.\\/evil.example",
  "/..\\/evil.example",
  "/.\\\\evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/.\t//evil.example",
  "/%09/evil.example",
  "/%0a/evil.example",
  " //evil.example",
  "\t//evil.example",
  "\u0000//evil.example",
  "/\u0000/evil.example",
  "https://evil.example",
  "HTTPS://evil.example",
  "http:evil.example",
  "http:/evil.example",
  "https:\\\\evil.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  " javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "／evil.example",
  "/／evil.example",
  "/＼evil.example",
  "@evil.example",
  "/@evil.example",
  "//user@evil.example",
  "//local.invalid@evil.example",
  "/admin@evil.example",
  "//evil.example/%2e%2e",
  "/?next=//evil.example",
  "/#//evil.example",
  "/%00//evil.example",
  "/\u2028/evil.example",
  "",
  "admin",
  ".//evil.example",
];

describe("safeRedirect", () => {
  it.each([
    ["/admin/dashboard?tab=faqs", "/admin/dashboard?tab=faqs"],
    ["/admin/x#part", "/admin/x#part"],
    ["/admin/dashboard/faqs?x=1#y", "/admin/dashboard/faqs?x=1#y"],
    ["/properties/2?lng=es", "/properties/2?lng=es"],
    ["/admin/dashboard/../dashboard/faqs", "/admin/dashboard/faqs"],
    ["/admin/%2Fx", "/admin/%2Fx"],
    ["/a b?q=ñ", "/a%20b?q=%C3%B1"],
    ["https://evil.example/", "/admin/dashboard"],
    ["//evil.example/", "/admin/dashboard"],
    ["/\\evil.example", "/admin/dashboard"],
    ["/.//evil.example", "/admin/dashboard"],
    ["/..//evil.example", "/admin/dashboard"],
    ["/%2e//evil.example", "/admin/dashboard"],
    ["/.\\/evil.example", "/admin/dashboard"],
    ["javascript:alert(1)", "/admin/dashboard"],
    ["admin", "/admin/dashboard"],
    ["", "/admin/dashboard"],
    [null, "/admin/dashboard"],
  ])("%s gives %s", (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });

  it(`keeps every one of ${TRICKS.length} tricky targets on the site, as a path that is its own result`, () => {
    expect(TRICKS.length).toBeGreaterThanOrEqual(30);
    for (const target of TRICKS) {
      expectSafe(target, safeRedirect(target));
      // The language switch's fallback is "/": the same holds with it.
      expectSafe(target, safeRedirect(target, "/"));
    }
  });

  it("does the same for any text built from those pieces, and for any text at all", () => {
    const piece = fc.constantFrom("/", "//", "\\", ".", "..", "%2e", "%2E", "%2f", "%5c", "\t", "\n", "\r", " ", "?", "#", "@", ":", "evil.example", "a", "／", "＼", "%09", "\u0000");
    fc.assert(
      fc.property(fc.boolean(), fc.array(piece, { maxLength: 12 }), (local, pieces) => {
        // Half of them start as a local path would, which is what gets past a first check.
        const target = (local ? "/" : "") + pieces.join("");
        expectSafe(target, safeRedirect(target));
      }),
      { numRuns: 2_000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (target) => {
        expectSafe(target, safeRedirect(`/${target}`));
      }),
      { numRuns: 2_000 },
    );
  });
});
