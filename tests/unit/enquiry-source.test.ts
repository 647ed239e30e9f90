import { describe, expect, it } from "vitest";
import { decodeSourceCookie, encodeSourceCookie, sentFromPage, sourceLabel, sourceOfLanding } from "~/models/enquiry-source";

const SITE = "https://homes.example.com";

describe("where an enquiry came from", () => {
  it("reads a first page's UTM parameters and the other site that linked to it", () => {
    const source = sourceOfLanding(new URL(`${SITE}/?utm_source=facebook&utm_medium=social&utm_campaign=spring+homes`), "https://l.facebook.com/");
    expect(source).toEqual({ utmSource: "facebook", utmMedium: "social", utmCampaign: "spring homes", referrerHost: "l.facebook.com" });
    expect(sourceLabel(source)).toBe("facebook / social");
  });

  it("tells nothing for a typed address or a link within the site", () => {
    expect(sourceOfLanding(new URL(`${SITE}/properties`), null)).toBeNull();
    expect(sourceOfLanding(new URL(`${SITE}/properties`), `${SITE}/`)).toBeNull();
    expect(sourceOfLanding(new URL(`${SITE}/?utm_source=`), "not a url")).toBeNull();
    expect(sourceLabel(null)).toBe("direct");
  });

  it("names the linking site when there are no UTM parameters", () => {
    const source = sourceOfLanding(new URL(`${SITE}/properties/3`), "https://www.google.com/search?q=mobile+homes");
    expect(source).toEqual({ utmSource: null, utmMedium: null, utmCampaign: null, referrerHost: "www.google.com" });
    expect(sourceLabel(source)).toBe("google.com");
  });

  it("keeps each value to one clean line of at most 100 characters, through the cookie and back", () => {
    const long = "x".repeat(300);
    const source = sourceOfLanding(new URL(`${SITE}/?utm_source=${encodeURIComponent("news\u202Eletter\r\nSet-Cookie: a=b")}&utm_campaign=${long}`), null)!;
    expect(source.utmSource).toBe("newsletter Set-Cookie: a=b");
    expect(source.utmCampaign).toHaveLength(100);
    const cookie = encodeSourceCookie(source);
    expect(cookie).not.toMatch(/[\s;,"\\]/);
    expect(decodeSourceCookie(cookie)).toEqual(source);
    // A cookie the visitor wrote themselves is cleaned the same way.
    expect(decodeSourceCookie(`s=${encodeURIComponent("a\u0000b")}&m=${"y".repeat(500)}`)).toEqual({ utmSource: "ab", utmMedium: "y".repeat(100), utmCampaign: null, referrerHost: null });
    expect(decodeSourceCookie("garbage")).toBeNull();
  });

  it("records the page of this site an enquiry was sent from, never another site's", () => {
    expect(sentFromPage(`${SITE}/properties/12?from=%2Fproperties`, SITE)).toBe("/properties/12?from=%2Fproperties");
    expect(sentFromPage("https://evil.example.net/properties/12", SITE)).toBeNull();
    expect(sentFromPage(null, SITE)).toBeNull();
    expect(sentFromPage(`${SITE}/${"a".repeat(400)}`, SITE)).toHaveLength(300);
  });
});
