import { describe, expect, it } from "vitest";
import { readPlace, type PlaceReading } from "~/services/places/read-place.server";

/**
 * docs/product.md, "Search by place": the place a visitor types near which to look, read
 * from the embedded gazetteer as people write it, and the closest known towns for what it
 * cannot read. Nothing outside the gazetteer is made up.
 */

async function nameOf(text: string): Promise<string | null> {
  const reading: PlaceReading = await readPlace(text);
  return reading.kind === "found" ? reading.place.name : null;
}

const SPELLINGS: Record<string, string[]> = {
  "Fort Worth, TX": ["Fort Worth", "Fort Worth TX", "Ft Worth", "ft. worth, tx", "fort worth 76116", "Fort Worth, Texas", "  FORT   WORTH ,  tx  ", "Fort Worth, TX 76116-1234", "76116"],
  "Arlington, TX": ["Arlington", "arlington tx", "Arlington, Texas", "ARLINGTON,TX", "Árlington", "arlington texas 76011"],
  "Grand Prairie, TX": ["Grand Prairie", "grand prairie tx", "Grand Prairie, Texas", "grand  prairie, TX 75050", "75050"],
  "Saint Jo, TX": ["Saint Jo", "St Jo", "St. Jo, TX", "st jo texas"],
  "Mount Pleasant, TX": ["Mount Pleasant", "Mt Pleasant", "Mt. Pleasant, Texas", "mount pleasant tx 75455", "75455-0001"],
};

describe("readPlace", () => {
  for (const [place, spellings] of Object.entries(SPELLINGS)) {
    it(`reads every spelling of ${place} as that town`, async () => {
      for (const spelling of spellings) expect(await nameOf(spelling), spelling).toBe(place);
    });
  }

  it("reads a ZIP alone as its town, whose name reads back as itself", async () => {
    expect(await readPlace("76116")).toEqual(await readPlace("Fort Worth, TX"));
    for (const zip of ["76116", "75050", "76011", "75455"]) expect(await nameOf((await nameOf(zip))!), zip).toBe(await nameOf(zip));
  });

  it("gives a town its centre, the median of its ZIP codes", async () => {
    const reading = await readPlace("Grand Prairie");
    expect(reading.kind).toBe("found");
    if (reading.kind !== "found") return;
    expect(reading.place.latitude).toBeCloseTo(32.7, 0);
    expect(reading.place.longitude).toBeCloseTo(-97.0, 0);
  });

  it("prefers Texas, and follows a state named after the town", async () => {
    expect(await nameOf("Paris")).toBe("Paris, TX");
    expect(await nameOf("Paris, Tennessee")).toBe("Paris, TN");
    expect(await nameOf("arlington va")).toBe("Arlington, VA");
  });

  it("suggests the closest towns it knows for a misspelling", async () => {
    for (const [typed, town] of [
      ["Grand Prarie", "Grand Prairie, TX"],
      ["grand praire tx", "Grand Prairie, TX"],
      ["Arlingten", "Arlington, TX"],
      ["Fort Wroth", "Fort Worth, TX"],
      ["Ft Wort", "Fort Worth, TX"],
      ["Mesquit", "Mesquite, TX"],
    ]) {
      const reading = await readPlace(typed);
      expect(reading.kind, typed).toBe("unknown");
      if (reading.kind === "unknown") {
        expect(reading.suggestions[0], typed).toBe(town);
        expect(reading.suggestions.length).toBeLessThanOrEqual(3);
      }
    }
  });

  it("makes nothing up: an unknown name, an unknown ZIP or a state alone suggest no place", async () => {
    expect(await readPlace("Qwxzvbn")).toEqual({ kind: "unknown", suggestions: [] });
    expect(await readPlace("00000")).toEqual({ kind: "unknown", suggestions: [] });
    expect(await readPlace("TX")).toEqual({ kind: "unknown", suggestions: [] });
    expect(await readPlace("")).toEqual({ kind: "unknown", suggestions: [] });
  });

  it("reads a point (the map's centre) as the closest town, and a point far from any as unknown", async () => {
    // By Trinity Meadows, in Arlington.
    expect(await nameOf("32.7357,-97.1300")).toBe("Arlington, TX");
    expect(await nameOf(" 32.7357 , -97.1300 ")).toBe("Arlington, TX");
    // The middle of the Gulf of Mexico, and no point at all.
    expect(await readPlace("25.0,-90.0")).toEqual({ kind: "unknown", suggestions: [] });
    expect(await readPlace("95,-97")).toEqual({ kind: "unknown", suggestions: [] });
  });
});
