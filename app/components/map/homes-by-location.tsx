import { OpenStreetMapLink } from "./open-street-map-link";
import { openDetailsInPlace, type Listing } from "~/models/listing";
import { propertyPath } from "~/paths";

/**
 * The homes with their locations, each a link to its page and, where it has coordinates,
 * to its spot in OpenStreetMap: a map's place without JavaScript (the home page's and the
 * list's).
 */
export function HomesByLocation({ title, listings, onViewDetails }: { title: string; listings: Listing[]; onViewDetails: (id: number) => void }) {
  return (
    <div data-map-fallback className="min-h-0 flex-1 overflow-y-auto p-5">
      <h3 className="card-title">{title}</h3>
      <ul className="mt-4 divide-y divide-slate-100">
        {listings.map((listing) => (
          <li key={listing.id} className="py-3">
            <a
              href={propertyPath(listing.id)}
              onClick={openDetailsInPlace(listing.id, onViewDetails)}
              className="block rounded-md hover:bg-slate-50"
            >
              <span className="block font-medium text-slate-900">{listing.name}</span>
              <span className="block text-sm text-slate-600">{listing.location}</span>
            </a>
            {listing.latitude != null && listing.longitude != null ? <OpenStreetMapLink lat={listing.latitude} lng={listing.longitude} name={listing.name} /> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
