import { describe, expect, it } from "vitest";
import { cookieValueOf } from "~/config/cookie-value";

describe("the value of one cookie in a Cookie header", () => {
  it("reads the cookie named among others, as sent (not decoded)", () => {
    const header = "lng=ImVzIg%3D%3D; source=s%3Dfacebook%26m%3Dsocial";
    expect(cookieValueOf(header, "lng")).toBe("ImVzIg%3D%3D");
    expect(cookieValueOf(header, "source")).toBe("s%3Dfacebook%26m%3Dsocial");
    expect(cookieValueOf("a=1;b=2", "b")).toBe("2");
    expect(cookieValueOf('a="quoted"', "a")).toBe('"quoted"');
  });

  it("matches only a whole name: `source` is not `__Host-source`, nor a value that says `source=`", () => {
    expect(cookieValueOf("__Host-source=https-value", "source")).toBeNull();
    expect(cookieValueOf("__Host-source=https-value; source=plain-value", "source")).toBe("plain-value");
    expect(cookieValueOf("source=plain-value; __Host-source=https-value", "__Host-source")).toBe("https-value");
    expect(cookieValueOf("other=source=x", "source")).toBeNull();
  });

  it("escapes the name: a dot is a dot", () => {
    expect(cookieValueOf("axb=1", "a.b")).toBeNull();
    expect(cookieValueOf("a.b=1", "a.b")).toBe("1");
  });

  it("is null without the header or the cookie, and empty for a cookie without a value", () => {
    expect(cookieValueOf(null, "lng")).toBeNull();
    expect(cookieValueOf(undefined, "lng")).toBeNull();
    expect(cookieValueOf("", "lng")).toBeNull();
    expect(cookieValueOf("session=abc", "lng")).toBeNull();
    expect(cookieValueOf("lng=; session=abc", "lng")).toBe("");
  });
});
