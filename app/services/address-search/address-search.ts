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

export type AddressSuggestion = { label: string; latitude: number; longitude: number };

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
export function encodeAddressChoice(suggestion: AddressSuggestion): string {
  return `${suggestion.latitude}|${suggestion.longitude}|${suggestion.label}`;
}

export function decodeAddressChoice(value: unknown): AddressSuggestion | null {
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
