import { estimatedMonthlyTotal, type PetPolicy, type PublicHomeFacts } from "./home-facts";
import type { Listing } from "./listing";

/**
 * Which home of a comparison holds the best value of each fact (docs/product.md, "Find
 * and compare by facts"): the lowest cost, the most room, the newest build, the widest
 * pets rule, the soonest move-in. Rows of taste (place, home type, community) have no
 * best. Not a .server module: /compare draws its marks from it.
 */

/** A home as /compare shows it: the listing and its public facts. */
export type ComparedHome = Listing & { facts: PublicHomeFacts };

export type RankedFact =
  | "monthlyTotal"
  | "price"
  | "availability"
  | "bedrooms"
  | "bathrooms"
  | "squareFeet"
  | "yearBuilt"
  | "pets"
  | "depositAmount"
  | "applicationFee"
  | "lotRentMonthly"
  | "otherMonthlyFees"
  | "utilitiesIncluded";

const PETS_WIDTH: Record<PetPolicy, number> = { none: 0, cats: 1, dogs: 1, cats_and_dogs: 2 };

/** A sortable day number of YYYY-MM-DD: 2027-01-15 -> 20270115. */
const dayNumber = (day: string) => Number(day.replaceAll("-", ""));

/**
 * Each ranked fact as a number (null when unknown) and which way is better. A price is
 * ranked only against prices of the same period: a month's rent is no cheaper than a
 * sale price. A home available now moves in before any coming-soon day; a pending home
 * or one coming soon without a day is not ranked.
 */
const RANKS: Record<RankedFact, { better: "lower" | "higher"; value: (home: ComparedHome, homes: ComparedHome[]) => number | null }> = {
  monthlyTotal: { better: "lower", value: (home) => estimatedMonthlyTotal(home.facts) },
  price: {
    better: "lower",
    value: (home, homes) => {
      const periods = new Set(homes.filter((other) => other.facts.priceAmount !== null).map((other) => other.facts.pricePeriod));
      return periods.size === 1 ? home.facts.priceAmount : null;
    },
  },
  availability: {
    better: "lower",
    value: (home) => (home.status === undefined ? 0 : home.status === "coming_soon" && home.availableOn ? dayNumber(home.availableOn) : null),
  },
  bedrooms: { better: "higher", value: (home) => home.facts.bedrooms },
  bathrooms: { better: "higher", value: (home) => home.facts.bathrooms },
  squareFeet: { better: "higher", value: (home) => home.facts.squareFeet },
  yearBuilt: { better: "higher", value: (home) => home.facts.yearBuilt },
  pets: { better: "higher", value: (home) => (home.facts.pets === null ? null : PETS_WIDTH[home.facts.pets]) },
  depositAmount: { better: "lower", value: (home) => home.facts.depositAmount },
  applicationFee: { better: "lower", value: (home) => home.facts.applicationFee },
  lotRentMonthly: { better: "lower", value: (home) => home.facts.lotRentMonthly },
  otherMonthlyFees: { better: "lower", value: (home) => home.facts.otherMonthlyFees },
  utilitiesIncluded: { better: "higher", value: (home) => home.facts.utilitiesIncluded.length },
};

/**
 * The ids of the homes holding a fact's best value, ties included. None when fewer than
 * two homes have a value or all that have one agree: a mark that picks nothing out would
 * only be noise.
 */
export function bestHomes(fact: RankedFact, homes: ComparedHome[]): Set<number> {
  const rank = RANKS[fact];
  const known = homes.flatMap((home) => {
    const value = rank.value(home, homes);
    return value === null ? [] : [{ id: home.id, value }];
  });
  const values = known.map((entry) => entry.value);
  if (known.length < 2 || Math.min(...values) === Math.max(...values)) return new Set();
  const best = rank.better === "lower" ? Math.min(...values) : Math.max(...values);
  return new Set(known.filter((entry) => entry.value === best).map((entry) => entry.id));
}
