import { eq } from "drizzle-orm";
import { config } from "~/config/env.server";
import { db } from "~/db/client.server";
import { properties, type ContactMessage, type VisitRequest } from "~/db/schema";
import { openStreetMapUrl } from "~/models/map-marker";
import { cleanOneLine } from "~/utils/control-characters";

/**
 * Where a confirmed visit takes place, as its mails and calendar entry give it
 * (docs/product.md, visit requests): the street or lot address and the town, the spot on
 * OpenStreetMap, and the home's page. The street is given whether or not the public site
 * shows it: the office has agreed to meet this visitor there (decision 076).
 */
export type VisitPlace = {
  /** "2200 Meadow Ln, Lot 9, Arlington, TX 76011"; the town alone when the home has no street address. */
  address: string;
  homeUrl: string | null;
  mapUrl: string | null;
  geo: { lat: number; lon: number } | null;
};

type Reader = Pick<ReturnType<typeof db>, "select">;

function withTown(street: string, town: string): string {
  if (!town) return street;
  // A street written with its town already ("4100 Oak Hollow Dr, Arlington, TX") is not given it twice.
  return street.toLowerCase().includes(town.toLowerCase()) ? street : `${street}, ${town}`;
}

/** The place of a visit to the home it was asked about, read now (the home as staff keep it); the town asked about when the home is gone. */
export function visitPlaceOf({ message, visit }: { message: ContactMessage; visit: VisitRequest }, reader: Reader = db()): VisitPlace {
  const home =
    message.propertyId === null
      ? undefined
      : reader
          .select({ id: properties.id, location: properties.location, streetAddress: properties.streetAddress, latitude: properties.latitude, longitude: properties.longitude })
          .from(properties)
          .where(eq(properties.id, message.propertyId))
          .get();
  if (!home) return { address: cleanOneLine(visit.homeLocation), homeUrl: null, mapUrl: null, geo: null };
  const town = cleanOneLine(home.location || visit.homeLocation);
  const street = cleanOneLine(home.streetAddress ?? "");
  const geo = home.latitude !== null && home.longitude !== null ? { lat: home.latitude, lon: home.longitude } : null;
  return {
    address: street ? withTown(street, town) : town,
    homeUrl: `${config().appUrl}/properties/${home.id}`,
    mapUrl: geo ? openStreetMapUrl(geo.lat, geo.lon) : null,
    geo,
  };
}
