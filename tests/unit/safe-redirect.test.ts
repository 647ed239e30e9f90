import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/utils/safe-redirect";

describe("safeRedirect", () => {
  it.each([
    ["/admin/dashboard?tab=faqs", "/admin/dashboard?tab=faqs"],
    ["/admin/x#part", "/admin/x#part"],
    ["https://evil.example/", "/admin/dashboard"],
    ["//evil.example/", "/admin/dashboard"],
    ["/\\evil.example", "/admin/dashboard"],
    ["javascript:alert(1)", "/admin/dashboard"],
    ["admin", "/admin/dashboard"],
    ["", "/admin/dashboard"],
    [null, "/admin/dashboard"],
  ])("%s gives %s", (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });
});
