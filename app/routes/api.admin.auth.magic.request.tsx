import type { ActionFunctionArgs } from "react-router";
import { json } from "~/http/json-response";
import { LOGIN_LINK_FAILED_MESSAGE } from "~/auth/login-form";
import { INVALID_EMAIL_MESSAGE } from "~/models/whitelist-form";
import { requesterOf, requestLoginLink } from "~/auth/request-login-link.server";
import { methodNotAllowed, readJsonObject } from "~/http/api.server";
import { log } from "~/config/logger.server";
import { tooManyRequests } from "~/services/rate-limits/rate-limit.server";
import { errorForLog } from "~/utils/error-for-log";
import { databaseFaultOf } from "~/db/faults";
import { NO_STORE } from "~/http/no-store";

/**
 * POST /api/admin/auth/magic/request with JSON {email}: asks for a sign-in link.
 * Public (it is how an admin gets in), and answers the same whether or not the
 * address is on the whitelist.
 */

export async function loader() {
  return methodNotAllowed("POST");
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");

  // A body that is not a JSON object has no address in it: answered like a missing one.
  const fields = (await readJsonObject(request)) ?? {};

  try {
    const outcome = await requestLoginLink({ email: fields.email, redirectTo: fields.redirectTo }, requesterOf(request, context));
    switch (outcome.kind) {
      case "invalid":
        return json({ error: INVALID_EMAIL_MESSAGE, fieldErrors: outcome.fieldErrors }, { status: 400, headers: NO_STORE });
      case "rate_limited":
        return tooManyRequests(outcome.retryAfterSeconds, outcome.message);
      case "sent":
        return json({ message: outcome.message }, { headers: NO_STORE });
    }
  } catch (error) {
    // A busy or full database: server/database-fault-routes.ts answers 503 or 507.
    if (databaseFaultOf(error)) throw error;
    log.error("sign-in link request failed", { error: errorForLog(error) });
    return json({ error: LOGIN_LINK_FAILED_MESSAGE }, { status: 500, headers: NO_STORE });
  }
}
