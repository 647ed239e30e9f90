import { contactSchema } from "./contact-schema";

/**
 * "Get alerts for this search" on /properties (docs/product.md, search alerts): the
 * visitor's address, checked as the contact form checks it, and the search, sent as the
 * list's own query fields so that the server reads it as the list does. Messages are
 * dictionary keys, shown in the page's language. The search in words is
 * ./search-description.ts, apart, so the page's browser code does not carry zod for it.
 */

export const ALERT_FILTER_FIELDS = ["q", "near", "within", "kind", "minPrice", "maxPrice", "beds", "baths", "pets", "homeType", "senior", "availableBy", "sort"] as const;

export const alertEmailSchema = contactSchema.pick({ email: true });

export const ALERT_TEXTS = {
  sent: "alerts.form.sent",
  failed: "alerts.form.failed",
  placeUnknown: "alerts.form.place_unknown",
} as const;

/** `error`: a dictionary key, or (too many requests) the refusal already said in the page's language. */
export type AlertActionData =
  | { status: "sent"; email: string }
  | { status: "invalid"; email: string; error: string }
  | { status: "rate_limited" | "failed"; email: string; error: string };
