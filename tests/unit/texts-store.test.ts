import { afterEach, describe, expect, it, vi } from "vitest";
import { heldTexts, holdTexts, loadTexts, textsFileOf } from "~/i18n/texts-store";
import { textsFileHref } from "~/paths";

// The browser's store of dictionaries by language and version (decision 056).

afterEach(() => {
  vi.unstubAllGlobals();
});

const answer = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

describe("textsFileOf", () => {
  it("reads back what textsFileHref writes, and nothing else", () => {
    expect(textsFileOf(textsFileHref("es", "0123456789ab"))).toEqual({ language: "es", version: "0123456789ab" });
    for (const href of [null, "", "/texts/fr.json?v=1", "/texts/en.json", "/texts/en.json?v=", "/other/en.json?v=1"]) expect(textsFileOf(href), String(href)).toBeNull();
  });
});

describe("loadTexts", () => {
  it("fetches a version once, tries a failed fetch once more, and keeps what it got", async () => {
    const fetch = vi.fn().mockRejectedValueOnce(new TypeError("offline")).mockResolvedValueOnce(answer({ "a.b": "Hola" }));
    vi.stubGlobal("fetch", fetch);
    const [first, second] = await Promise.all([loadTexts("es", "aaaaaaaaaaaa"), loadTexts("es", "aaaaaaaaaaaa")]);
    expect(first).toEqual({ "a.b": "Hola" });
    expect(second).toBe(first);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch).toHaveBeenCalledWith("/texts/es.json?v=aaaaaaaaaaaa");
    expect(await loadTexts("es", "aaaaaaaaaaaa")).toBe(first);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("fails after two failed tries (an error status or not a dictionary), holding nothing", async () => {
    const fetch = vi.fn().mockResolvedValueOnce(answer({ error: "busy" }, 503)).mockResolvedValueOnce(answer(["not", "texts"]));
    vi.stubGlobal("fetch", fetch);
    await expect(loadTexts("en", "bbbbbbbbbbbb")).rejects.toThrow();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(heldTexts("en", "bbbbbbbbbbbb")).toBeUndefined();
  });

  it("keeps the last few versions", () => {
    for (let n = 0; n < 8; n++) holdTexts("en", `v${n}`, { n: String(n) });
    expect(heldTexts("en", "v0")).toBeUndefined();
    expect(heldTexts("en", "v1")).toBeUndefined();
    expect(heldTexts("en", "v7")).toEqual({ n: "7" });
    expect(heldTexts("en", "v2")).toEqual({ n: "2" });
  });
});
