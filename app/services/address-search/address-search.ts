/**
 * The address search's rules and texts (docs/product.md §2, §5 and §9), shared by the
 * server (GET /api/admin/geocode, the property form's 'Find') and the browser's
 * combobox. Not a .server module: the browser uses it.
 */

export const ADDRESS_SEARCH = {
  /** Suggestions start at this many characters. */
  minChars: 3,
  /** A longer query is refused (400): no address needs more. */
  maxChars: 200,
  maxResults: 8,
  debounceMs: 300,
  /** The United States only (docs/product.md §5). */
  countryCode: "us",
} as const;

export const ADDRESS_SEARCH_TEXTS = {
  searching: "Searching addresses...",
  none: "No addresses found.",
  tooShort: `Type at least ${ADDRESS_SEARCH.minChars} characters to search addresses.`,
  tooLong: `An address search has at most ${ADDRESS_SEARCH.maxChars} characters.`,
  failed: "The address search is not available right now. Type the location and coordinates by hand.",
  rateLimited: "Too many address searches. Please wait a minute and try again.",
} as const;

/** A place and its coordinates: what a choice puts in the form's Location, Latitude and Longitude. */
export type AddressPoint = { label: string; latitude: number; longitude: number };

/**
 * Whose coordinates a suggestion carries: the home's own (`home`: a house, building or
 * street the geocoder found) or the centre of a town or ZIP code (`centre`: every
 * gazetteer answer, and the geocoder's towns, ZIP codes and wider areas). `centreOf`
 * names that place ("Arlington, TX", "ZIP code 76501 (Temple, TX)"); null for `home`.
 */
export type AddressPrecision = "home" | "centre";
export type AddressSuggestion = AddressPoint & { precision: AddressPrecision; centreOf: string | null };

/** A ZIP code's name in a note: "ZIP code 76501 (Temple, TX)". */
export function zipCentreName(zip: string, town: string | null): string {
  return town ? `ZIP code ${zip} (${town})` : `ZIP code ${zip}`;
}

/** Said beside a centre's coordinates in a suggestion: "centre of Arlington, TX". */
export function centreTag(centreOf: string): string {
  return `centre of ${centreOf}`;
}

/** Said next to the coordinates once staff choose a centre, with JavaScript and without. */
export function centreNote(centreOf: string): string {
  return `These are the coordinates of the centre of ${centreOf}, not of the home. Type the home's own latitude and longitude if you know them.`;
}

/** The 50 states and the District of Columbia: the office's state (Settings) is one of them. */
export const US_STATES: readonly (readonly [code: string, name: string])[] = [
  ["AL", "Alabama"], ["AK", "Alaska"], ["AZ", "Arizona"], ["AR", "Arkansas"], ["CA", "California"],
  ["CO", "Colorado"], ["CT", "Connecticut"], ["DE", "Delaware"], ["DC", "District of Columbia"], ["FL", "Florida"],
  ["GA", "Georgia"], ["HI", "Hawaii"], ["ID", "Idaho"], ["IL", "Illinois"], ["IN", "Indiana"],
  ["IA", "Iowa"], ["KS", "Kansas"], ["KY", "Kentucky"], ["LA", "Louisiana"], ["ME", "Maine"],
  ["MD", "Maryland"], ["MA", "Massachusetts"], ["MI", "Michigan"], ["MN", "Minnesota"], ["MS", "Mississippi"],
  ["MO", "Missouri"], ["MT", "Montana"], ["NE", "Nebraska"], ["NV", "Nevada"], ["NH", "New Hampshire"],
  ["NJ", "New Jersey"], ["NM", "New Mexico"], ["NY", "New York"], ["NC", "North Carolina"], ["ND", "North Dakota"],
  ["OH", "Ohio"], ["OK", "Oklahoma"], ["OR", "Oregon"], ["PA", "Pennsylvania"], ["RI", "Rhode Island"],
  ["SC", "South Carolina"], ["SD", "South Dakota"], ["TN", "Tennessee"], ["TX", "Texas"], ["UT", "Utah"],
  ["VT", "Vermont"], ["VA", "Virginia"], ["WA", "Washington"], ["WV", "West Virginia"], ["WI", "Wisconsin"],
  ["WY", "Wyoming"],
];

/** The office's state until the Settings tab says otherwise: the company is in Texas. */
export const DEFAULT_OFFICE_STATE = "TX";

/** A state's name by its code ("TX" → "Texas"), or null for a code that is not one of US_STATES. */
export function usStateName(code: string): string | null {
  return US_STATES.find(([known]) => known === code)?.[1] ?? null;
}

/** The problem with a query, or null when it can be searched. */
export function addressQueryProblem(query: string): string | null {
  const length = query.trim().length;
  if (length < ADDRESS_SEARCH.minChars) return ADDRESS_SEARCH_TEXTS.tooShort;
  if (length > ADDRESS_SEARCH.maxChars) return ADDRESS_SEARCH_TEXTS.tooLong;
  return null;
}

/**
 * A suggestion as one form value ("latitude|longitude|label"), for the radio choices
 * that the form offers without JavaScript; the label comes last since it may hold '|'.
 */
export function encodeAddressChoice(suggestion: AddressPoint): string {
  return `${suggestion.latitude}|${suggestion.longitude}|${suggestion.label}`;
}

export function decodeAddressChoice(value: unknown): AddressPoint | null {
  if (typeof value !== "string") return null;
  const match = /^(-?\d+(?:\.\d+)?)\|(-?\d+(?:\.\d+)?)\|(.+)$/s.exec(value);
  if (!match) return null;
  const latitude = Number(match[1]);
  const longitude = Number(match[2]);
  const label = match[3].trim();
  if (!label || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { label, latitude, longitude };
}

/** Without JavaScript, the property form's 'Find' button: name and value of that submit. */
export const FIND_ADDRESS_FIELD = "intent";
export const FIND_ADDRESS_INTENT = "find-address";
/** The radio choices the form shows after 'Find' (values made by encodeAddressChoice). */
export const ADDRESS_CHOICE_FIELD = "addressChoice";

/** What the property form's action answers to 'Find': the query and its suggestions, or why there are none. */
export type AddressFindResult = { query: string; suggestions: AddressSuggestion[]; message: string | null };
