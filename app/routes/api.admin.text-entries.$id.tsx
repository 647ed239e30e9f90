import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getTextEntry, textEntryJson, updateTextEntry } from "~/models/texts.server";
import { fieldErrorsOf, methodNotAllowed, NO_STORE, NOT_A_JSON_OBJECT, readJsonObject } from "~/utils/api.server";
import { requireAdminApi } from "~/utils/auth.server";
import { parseId } from "~/utils/params";
import { textEntrySchema, TEXT_ENTRY_MESSAGES } from "~/utils/text-entry-form";

/**
 * PUT /api/admin/text-entries/{id} with JSON {key, englishText, spanishText}: edits an
 * entry's texts (docs/product.md §7). The key names the entry for the site and cannot be
 * changed; a blank spanishText (or none) makes the Spanish site show the English text.
 * updateTextEntry clears the dictionary cache and the server empties its page cache
 * on every non-GET request, so the public pages and /api/text-entries show the edit
 * at once. Admins only: without a valid session every method answers 401.
 */

const ALLOW = "PUT";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminApi(request);
  return methodNotAllowed(ALLOW);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdminApi(request);
  if (request.method !== "PUT") return methodNotAllowed(ALLOW);

  const id = parseId(params.id);
  const entry = id === null ? undefined : getTextEntry(id);
  if (!entry) return json({ error: TEXT_ENTRY_MESSAGES.notFound }, { status: 404, headers: NO_STORE });

  const body = await readJsonObject(request);
  // A body that is not a JSON object holds no fields: the same field errors as an empty one.
  const parsed = textEntrySchema.safeParse(body ?? {});
  if (!parsed.success) {
    return json(
      {
        error: body ? TEXT_ENTRY_MESSAGES.updateFailed : NOT_A_JSON_OBJECT,
        fieldErrors: fieldErrorsOf(parsed.error),
      },
      { status: 400, headers: NO_STORE },
    );
  }
  const outcome = updateTextEntry(entry, parsed.data, admin.email);
  switch (outcome.kind) {
    case "key_changed":
      return json(
        { error: TEXT_ENTRY_MESSAGES.keyChanged, fieldErrors: { key: [TEXT_ENTRY_MESSAGES.keyChanged] } },
        { status: 400, headers: NO_STORE },
      );
    case "not_found":
      return json({ error: TEXT_ENTRY_MESSAGES.notFound }, { status: 404, headers: NO_STORE });
    case "updated":
      return json({ ...textEntryJson(outcome.entry), message: TEXT_ENTRY_MESSAGES.updated }, { headers: NO_STORE });
  }
}
