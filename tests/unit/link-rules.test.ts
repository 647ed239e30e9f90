import { describe, expect, it } from "vitest";
import { dictionaryLink, isLinkEntryKey, isSiteLink } from "~/utils/link-rules";
import { createTranslate } from "~/utils/translate";

/** What staff may give as a link of the site's dictionary (the Pay Rent link ...). */
describe("isSiteLink", () => {
  it.each([
    ["https://portal.lonestarhomemanagement.com/pay-rent"],
    ["http://portal.example.com"],
    ["HTTPS://portal.example.com/pay?x=1#y"],
    ["mailto:leasing@example.com"],
    ["tel:+18175550142"],
  ])("accepts %s", (link) => {
    expect(isSiteLink(link)).toBe(true);
  });

  it.each([
    ["javascript:alert(document.cookie)"],
    ["JavaScript:alert(1)"],
    ["java\tscript:alert(1)"],
    ["javascript\n:alert(1)"],
    ["data:text/html,<script>alert(1)</script>"],
    ["vbscript:msgbox(1)"],
    ["file:///etc/passwd"],
    ["ftp://files.example.com"],
    ["//evil.example/pay"],
    ["/pay-rent"],
    ["#"],
    ["https:evil.example"],
    ["https://"],
    ["mailto:"],
    ["tel:"],
    ["https://portal.example.com/\u202Etxt.exe"],
    ["https://portal.example.com/\u0000"],
    ["https://portal.example.com/a b"],
    ["https:\\\\evil.example"],
    ["portal.example.com"],
  ])("refuses %j", (link) => {
    expect(isSiteLink(link)).toBe(false);
  });
});

describe("isLinkEntryKey", () => {
  it("names the dictionary's link entries, and not its texts or the phone numbers put after tel:", () => {
    for (const key of ["links.pay_rent_url", "links.maintenance_url", "links.facebook_url", "links.linkedin_url"]) expect(isLinkEntryKey(key), key).toBe(true);
    for (const key of ["header.button.pay_rent", "footer.nav.tenant_portal", "contact.phone_href", "contact.email"]) expect(isLinkEntryKey(key), key).toBe(false);
  });
});

describe("dictionaryLink", () => {
  it("is the entry when it is a site link, and # when it is not or is missing", () => {
    const t = createTranslate({ "links.pay_rent_url": "https://portal.example.com/pay", "links.maintenance_url": " javascript:alert(1)" }, "en");
    expect(dictionaryLink(t, "links.pay_rent_url")).toBe("https://portal.example.com/pay");
    expect(dictionaryLink(t, "links.maintenance_url")).toBe("#");
    expect(dictionaryLink(t, "links.facebook_url")).toBe("#");
  });
});
