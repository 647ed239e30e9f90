import { getTextEntry, textEntryJson, updateTextEntry } from "~/models/texts.server";
import { textEntrySchema, TEXT_ENTRY_MESSAGES } from "~/models/text-entry-form";
import { adminJsonRoute, noStoreJson, notFoundJson, refusedJson, withJsonBody } from "~/http/admin-json-route.server";
import { parseId } from "~/http/params";

/**
 * PUT /api/admin/text-entries/{id} with JSON {key, englishText, spanishText}: edits an
 * entry's texts (docs/product.md §7). The key names the entry for the site and cannot be
 * changed; a blank spanishText (or none) makes the Spanish site show the English text.
 * updateTextEntry clears the dictionary cache and the server empties its page cache
 * on every non-GET request, so the public pages and /api/text-entries show the edit
 * at once. Admins only: without a valid session every method answers 401.
 */

const notFound = () => notFoundJson(TEXT_ENTRY_MESSAGES.notFound);

const jsonRoute = adminJsonRoute({
  PUT: ({ request, params, admin }) => {
    const id = parseId(params.id);
    const entry = id === null ? undefined : getTextEntry(id);
    if (!entry) return notFound();
    return withJsonBody(request, textEntrySchema, TEXT_ENTRY_MESSAGES.updateFailed, (input) => {
      const outcome = updateTextEntry(entry, input, admin.email);
      switch (outcome.kind) {
        case "key_changed":
          return refusedJson(TEXT_ENTRY_MESSAGES.keyChanged, { key: [TEXT_ENTRY_MESSAGES.keyChanged] });
        case "not_found":
          return notFound();
        case "updated":
          return noStoreJson({ ...textEntryJson(outcome.entry), message: TEXT_ENTRY_MESSAGES.updated });
      }
    });
  },
});

export const loader = jsonRoute.loader;
export const action = jsonRoute.action;
