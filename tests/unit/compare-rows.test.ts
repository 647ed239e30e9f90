import { describe, expect, it } from "vitest";
import { bestHomes, type ComparedHome } from "~/models/compare-rows";
import { publicFacts, UNKNOWN_FACTS, type HomeFacts } from "~/models/home-facts";

/** The best value of a compared row (docs/product.md, "Find and compare by facts"). */



function home(id: number, facts: Partial<HomeFacts>, life: Pick<ComparedHome, "status" | "availableOn"> = {}): ComparedHome {
  return {
    id,
    name: `Home ${id}`,
    location: "Odessa, TX",
    latitude: null,
    longitude: null,
    price: "",
    priceSpanish: null,
    priceKind: null,
    applicationUrl: null,
    beds: "",
    baths: "",
    sqft: "",
    description: "",
    descriptionSpanish: null,
    photos: [],
    ...life,
    facts: publicFacts({ ...UNKNOWN_FACTS, status: "available", ...facts }),
  };
}

const ids = (set: Set<number>) => [...set].sort();

describe("bestHomes", () => {
  it("picks the lowest monthly total, rent plus lot rent plus fees", () => {
    const homes = [
      home(1, { priceAmount: 1050, pricePeriod: "month", lotRentMonthly: 0, otherMonthlyFees: 15 }),
      home(2, { priceAmount: 950, pricePeriod: "month", lotRentMonthly: 150 }),
      home(3, { priceAmount: 64000, pricePeriod: "total" }),
    ];
    expect(ids(bestHomes("monthlyTotal", homes))).toEqual([1]);
  });

  it("ranks prices only when every priced home has the same period", () => {
    const mixed = [home(1, { priceAmount: 1050, pricePeriod: "month" }), home(2, { priceAmount: 64000, pricePeriod: "total" })];
    expect(ids(bestHomes("price", mixed))).toEqual([]);
    const rents = [home(1, { priceAmount: 1050, pricePeriod: "month" }), home(2, { priceAmount: 950, pricePeriod: "month" }), home(3, {})];
    expect(ids(bestHomes("price", rents))).toEqual([2]);
  });

  it("marks every home that ties for the best, and none when all agree or only one is known", () => {
    expect(ids(bestHomes("bedrooms", [home(1, { bedrooms: 3 }), home(2, { bedrooms: 3 }), home(3, { bedrooms: 2 })]))).toEqual([1, 2]);
    expect(ids(bestHomes("bedrooms", [home(1, { bedrooms: 3 }), home(2, { bedrooms: 3 })]))).toEqual([]);
    expect(ids(bestHomes("depositAmount", [home(1, { depositAmount: 500 }), home(2, {})]))).toEqual([]);
  });

  it("prefers the widest pets rule, the most utilities, the newest build and the lowest fees", () => {
    const homes = [
      home(1, { pets: "none", utilitiesIncluded: ["water"], yearBuilt: 2001, applicationFee: 25 }),
      home(2, { pets: "cats_and_dogs", utilitiesIncluded: [], yearBuilt: 2019, applicationFee: 45 }),
      home(3, { pets: "dogs", utilitiesIncluded: ["water", "trash"], yearBuilt: 2010, applicationFee: 0 }),
    ];
    expect(ids(bestHomes("pets", homes))).toEqual([2]);
    expect(ids(bestHomes("utilitiesIncluded", homes))).toEqual([3]);
    expect(ids(bestHomes("yearBuilt", homes))).toEqual([2]);
    expect(ids(bestHomes("applicationFee", homes))).toEqual([3]);
  });

  it("moves in soonest: available now, then the earliest coming-soon day; pending is not ranked", () => {
    const homes = [home(1, {}, { status: "coming_soon", availableOn: "2099-03-01" }), home(2, {}, { status: "coming_soon", availableOn: "2099-01-15" }), home(3, {}, { status: "pending" })];
    expect(ids(bestHomes("availability", homes))).toEqual([2]);
    expect(ids(bestHomes("availability", [...homes, home(4, {})]))).toEqual([4]);
  });
});
