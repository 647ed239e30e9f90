import { db } from "~/db/client.server";
import { getConfiguration, saveSetting } from "~/models/configurations.server";
import { DEFAULT_OFFICE_STATE, usStateName } from "~/services/address-search/address-search";

/**
 * The office's state (configurations, key office_state, a two-letter code such as "TX";
 * absent: Texas): the address search of the property form shows its places first, from
 * the geocoder and from the gazetteer (services/address-search, decision 078).
 */

export const OFFICE_STATE_KEY = "office_state";
const DESCRIPTION = "The state whose places the address search shows first";

type Reader = Pick<ReturnType<typeof db>, "select">;

/** The state's code the office set, or Texas while none is set (or the value is not a state). */
export function officeState(reader: Reader = db()): string {
  const value = getConfiguration(OFFICE_STATE_KEY, reader)?.value.trim().toUpperCase() ?? "";
  return usStateName(value) ? value : DEFAULT_OFFICE_STATE;
}

/** The Settings tab's "Update the office's state", with its change log entry. */
export function saveOfficeState(state: string, updatedBy: string): string {
  saveSetting({ key: OFFICE_STATE_KEY, value: state, description: DESCRIPTION }, updatedBy);
  return officeState();
}
