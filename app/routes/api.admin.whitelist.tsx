import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { INVALID_EMAIL_MESSAGE } from "~/auth/login-form";
import { addToWhitelist, listWhitelist } from "~/models/whitelist.server";
import { fieldErrorsOf, methodNotAllowed, NO_STORE, NOT_A_JSON_OBJECT, readJsonObject } from "~/utils/api.server";
import { requireAdminApi } from "~/utils/auth.server";
import { whitelistEmailSchema, WHITELIST_MESSAGES } from "~/utils/whitelist-form";

/**
 * GET /api/admin/whitelist: everyone who may sign in (id, email, createdAt, addedBy).
 * POST /api/admin/whitelist with JSON {email}: adds an address (docs/product.md §7).
 * Admins only: without a valid session every method answers 401.
 */

const ALLOW = "GET, POST";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminApi(request);
  return json(listWhitelist(), { headers: NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminApi(request);
  if (request.method !== "POST") return methodNotAllowed(ALLOW);

  const body = await readJsonObject(request);
  // A body that is not a JSON object holds no address: the same field error as a missing one.
  const parsed = whitelistEmailSchema.safeParse(body ?? {});
  if (!parsed.success) {
    return json(
      { error: body ? INVALID_EMAIL_MESSAGE : NOT_A_JSON_OBJECT, fieldErrors: fieldErrorsOf(parsed.error) },
      { status: 400, headers: NO_STORE },
    );
  }

  const outcome = addToWhitelist(parsed.data.email, admin.email);
  if (outcome.kind === "duplicate") {
    return json({ error: WHITELIST_MESSAGES.duplicate }, { status: 409, headers: NO_STORE });
  }
  // The new entry itself, as the list shows it, with the text the dashboard shows.
  return json({ ...outcome.entry, message: WHITELIST_MESSAGES.added }, { status: 201, headers: NO_STORE });
}
