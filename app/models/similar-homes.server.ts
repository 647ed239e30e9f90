import { and, eq, inArray, ne } from "drizzle-orm";
import { db } from "~/db/client.server";
import { properties, type Property } from "~/db/schema";
import { distanceInMiles } from "~/utils/distance";

export const SIMILAR_HOMES = 3;

type Candidate = Pick<Property, "id" | "priceAmount" | "priceKind" | "latitude" | "longitude" | "homeType">;

/**
 * How unlike `home` a candidate is (lower is closer): another way of paying (rent against
 * sale) weighs most, then another home type, then the price's gap as a share of the
 * home's price, then the distance (50 miles weigh as much as a price 100% off). What is
 * unknown on either side counts as half unlike.
 */
function unlikeness(home: Candidate, other: Candidate): number {
  let score = 0;
  if (home.priceKind && other.priceKind !== home.priceKind) score += 4;
  if (home.homeType && other.homeType !== home.homeType) score += 1;
  if (home.priceAmount && other.priceAmount !== null) score += Math.abs(other.priceAmount - home.priceAmount) / home.priceAmount;
  else score += 0.5;
  const here = home.latitude !== null && home.longitude !== null ? { latitude: home.latitude, longitude: home.longitude } : null;
  const there = other.latitude !== null && other.longitude !== null ? { latitude: other.latitude, longitude: other.longitude } : null;
  score += here && there ? distanceInMiles(here, there) / 50 : 0.5;
  return score;
}

/**
 * The public homes most like `home` (a home just off the market, whose page offers them):
 * the same way of paying and type first, then the nearest price and place. Reads the few
 * columns it weighs of every public home (5,000 are a few milliseconds) and the chosen
 * ones whole.
 */
export function similarPublicHomes(home: Candidate, limit = SIMILAR_HOMES): Property[] {
  const candidates = db()
    .select({
      id: properties.id,
      priceAmount: properties.priceAmount,
      priceKind: properties.priceKind,
      latitude: properties.latitude,
      longitude: properties.longitude,
      homeType: properties.homeType,
    })
    .from(properties)
    .where(and(eq(properties.isActive, true), ne(properties.id, home.id)))
    .all();
  const chosen = candidates
    .map((candidate) => ({ id: candidate.id, score: unlikeness(home, candidate) }))
    .sort((a, b) => a.score - b.score || b.id - a.id)
    .slice(0, limit)
    .map((candidate) => candidate.id);
  if (!chosen.length) return [];
  const rows = new Map(db().select().from(properties).where(inArray(properties.id, chosen)).all().map((row) => [row.id, row]));
  return chosen.map((id) => rows.get(id)).filter((row): row is Property => row !== undefined);
}
