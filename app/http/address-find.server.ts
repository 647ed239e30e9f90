import type { SubmissionResult } from "@conform-to/react";
import { searchAddressesAsAdmin } from "~/services/address-search/geocoder.server";
import { officeState } from "~/models/office-state.server";
import {
  ADDRESS_SEARCH_TEXTS,
  addressQueryProblem,
  FIND_ADDRESS_FIELD,
  FIND_ADDRESS_INTENT,
  type AddressFindResult,
} from "~/services/address-search/address-search";

/**
 * The property form's 'Find' button, for admins without JavaScript: the Add and Edit
 * actions answer it by showing the form again (200, nothing saved, every typed value
 * kept) with the addresses found for its Location as radio choices. The choice then
 * goes with the form and fills location, latitude and longitude on save
 * (readPropertyForm).
 */

export function wantsAddressSearch(formData: FormData): boolean {
  return formData.get(FIND_ADDRESS_FIELD) === FIND_ADDRESS_INTENT;
}

async function findAddresses(formData: FormData, adminEmail: string): Promise<AddressFindResult> {
  const location = formData.get("location");
  const query = typeof location === "string" ? location.trim() : "";
  const problem = addressQueryProblem(query);
  if (problem) return { query, suggestions: [], message: problem };
  const found = await searchAddressesAsAdmin(adminEmail, query, officeState());
  if (found.kind === "rate_limited") return { query, suggestions: [], message: ADDRESS_SEARCH_TEXTS.rateLimited };
  return { query, suggestions: found.suggestions, message: found.suggestions.length ? null : ADDRESS_SEARCH_TEXTS.none };
}

/** The action's answer to 'Find': the form's values as typed (no field errors yet) and the addresses found. */
export async function addressSearchAnswer(
  formData: FormData,
  submission: { reply: () => SubmissionResult<string[]> },
  adminEmail: string,
): Promise<{ result: SubmissionResult<string[]>; addressSearch: AddressFindResult }> {
  return { result: { initialValue: submission.reply().initialValue }, addressSearch: await findAddresses(formData, adminEmail) };
}
