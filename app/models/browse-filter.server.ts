import { and, between, eq, gte, inArray, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { db, DISTANCE_FUNCTION } from "~/db/client.server";
import { properties } from "~/db/schema";
import { containsText, textContains } from "~/db/text-search.server";
import { NO_FILTERS, type BrowseFilters, type NearPlace } from "~/models/browse-query";
import { boundingBox } from "~/utils/distance";
import { FILTER_GROUPS } from "~/models/search-description";

/**
 * The homes a /properties search shows, as a condition: the one definition of its
 * filters, used by the list (browseActiveProperties) and by search alerts (which home
 * matches which search). Each condition reads one group of filters (the price range is
 * one group: a minimum above the maximum reads as the range between the two), so that
 * a search holds for a home exactly when each group does (see homeMatcher).
 */
export function browseFilter(filters: BrowseFilters): SQL | undefined {
  const [low, high] =
    filters.minPrice !== null && filters.maxPrice !== null && filters.minPrice > filters.maxPrice
      ? [filters.maxPrice, filters.minPrice]
      : [filters.minPrice, filters.maxPrice];
  return and(
    eq(properties.isActive, true),
    containsText([properties.name, properties.location], filters.q),
    nearFilter(filters.near, filters.within),
    kindFilter(filters.kind),
    low === null ? undefined : gte(properties.priceAmount, low),
    high === null ? undefined : lte(properties.priceAmount, high),
    filters.beds === null ? undefined : gte(properties.bedsCount, filters.beds),
    filters.baths === null ? undefined : gte(properties.bathsCount, filters.baths),
    // A home that takes cats and dogs takes either.
    filters.pets === null ? undefined : inArray(properties.pets, [filters.pets, "cats_and_dogs"]),
    filters.homeType === null ? undefined : eq(properties.homeType, filters.homeType),
    filters.senior ? eq(properties.seniorCommunity, true) : undefined,
    // One can move in by then: it is available, or coming soon by that day (a pending home is not).
    filters.availableBy === null
      ? undefined
      : or(eq(properties.status, "available"), and(eq(properties.status, "coming_soon"), lte(properties.availableOn, filters.availableBy))),
  );
}

/**
 * Rent or buy: rent and sale by the price's reading, a price read as neither ('Call for
 * price') under both; rent to own and owner financing by the listing type staff chose.
 */
function kindFilter(kind: BrowseFilters["kind"]): SQL | undefined {
  if (kind === null) return undefined;
  if (kind === "rent" || kind === "sale") return or(eq(properties.priceKind, kind), isNull(properties.priceKind));
  return eq(properties.listingType, kind);
}

/** A home's distance from the place in miles, in SQL (null for a home without coordinates). */
export function distanceFrom(place: NearPlace): SQL<number | null> {
  return sql<number | null>`${sql.raw(DISTANCE_FUNCTION)}(${place.latitude}, ${place.longitude}, ${properties.latitude}, ${properties.longitude})`;
}

/**
 * Homes with coordinates within the miles of the place: a latitude band the index
 * (is_active, latitude) serves and a longitude band first, then the exact distance. Any
 * distance narrows nothing (the list is then only sorted by it).
 */
function nearFilter(near: NearPlace | null, within: BrowseFilters["within"]): SQL | undefined {
  if (near === null || within === null || within === "any") return undefined;
  const box = boundingBox(near, within);
  return and(between(properties.latitude, box.south, box.north), between(properties.longitude, box.west, box.east), lte(distanceFrom(near), within));
}

/** The groups of filters browseFilter's conditions read, one each, the search text apart. */
const CONDITION_GROUPS = FILTER_GROUPS.filter(([first]) => first !== "q");

/**
 * Whether one home shows under a search, asked of many searches: the question for
 * search alerts when a home is listed or gets cheaper. The search text is asked of the
 * home's name and place as read once (textContains: twenty thousand searches may each
 * have a text of their own); each other group of filters is put to the database through
 * browseFilter once per value met (ten thousand searches share a few hundred price
 * ranges and room counts). A search matches when every group does, which is what
 * browseFilter's conjunction means.
 */
export function homeMatcher(propertyId: number): (filters: BrowseFilters) => boolean {
  const answers = new Map<string, boolean>();
  const holds = (part: Partial<BrowseFilters>): boolean => {
    const key = JSON.stringify(part);
    let answer = answers.get(key);
    if (answer === undefined) {
      answer =
        db()
          .select({ id: properties.id })
          .from(properties)
          .where(and(eq(properties.id, propertyId), browseFilter({ ...NO_FILTERS, ...part })))
          .get() !== undefined;
      answers.set(key, answer);
    }
    return answer;
  };
  const home = db().select({ name: properties.name, location: properties.location }).from(properties).where(eq(properties.id, propertyId)).get();
  const shown = home !== undefined && holds({});
  const texts = new Map<string, boolean>();
  const textHolds = (q: string) => {
    let answer = texts.get(q);
    if (answer === undefined) texts.set(q, (answer = textContains([home!.name, home!.location], q)));
    return answer;
  };
  return (filters) =>
    shown &&
    textHolds(filters.q) &&
    CONDITION_GROUPS.every((group) => group.every((name) => filters[name] === NO_FILTERS[name]) || holds(Object.fromEntries(group.map((name) => [name, filters[name]]))));
}
