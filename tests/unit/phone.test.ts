import { describe, expect, it } from "vitest";
import { telHref } from "~/utils/phone";

describe("telHref", () => {
  it.each([
    ["(817) 555-0100", "tel:8175550100"],
    ["+1 817 555 0101", "tel:+18175550101"],
    ["817.555.0102 ext. 12", "tel:8175550102"],
    ["817-555-0103 x4", "tel:8175550103"],
    [" +52 (81) 1234 5678 ", "tel:+528112345678"],
  ])("dials %s as %s", (phone, href) => {
    expect(telHref(phone)).toBe(href);
  });

  it.each(["", "n/a", "555", "call me", "ext. 1234567"])("leaves %j as text", (phone) => {
    expect(telHref(phone)).toBeNull();
  });
});
