import { sendContactTestEmail } from "~/models/configurations.server";
import { adminJsonRoute, noStoreJson } from "~/http/admin-json-route.server";
import { NOT_A_JSON_OBJECT, readJsonObject } from "~/http/api.server";
import { tooManyRequests } from "~/services/rate-limits/rate-limit.server";

/**
 * POST /api/admin/configurations/test-email with an empty payload (no body, or a JSON
 * object whose fields are not read): mails a test message to the stored contact_email
 * through the same queue as contact messages, and waits a few seconds at most to learn
 * whether the mail server took it. The answers:
 * - 200 {message} the mail server accepted it (or, without SMTP_URL, it is in the outbox folder);
 * - 502 {error} the mail server refused it or could not be reached;
 * - 504 {error} the mail server did not answer within those seconds;
 *   in both cases the mail stays queued and is retried like any other, so it arrives once
 *   the server works;
 * - 400 {error} no contact_email is set (or the body is not a JSON object);
 * - 429 {error} with Retry-After past a few test mails a minute per admin.
 * Admins only: without a valid session every method answers 401.
 */

const jsonRoute = adminJsonRoute({
  POST: async ({ request, admin }) => {
    const empty = !(await request.clone().text()).trim();
    if (!empty && !(await readJsonObject(request))) return noStoreJson({ error: NOT_A_JSON_OBJECT }, { status: 400 });

    const outcome = await sendContactTestEmail(admin.email);
    switch (outcome.kind) {
      case "sent":
        return noStoreJson({ message: outcome.message });
      case "not_configured":
        return noStoreJson({ error: outcome.message }, { status: 400 });
      case "rate_limited": {
        const response = tooManyRequests(outcome.retryAfterSeconds, outcome.message);
        response.headers.set("Cache-Control", "no-store");
        return response;
      }
      case "refused":
        return noStoreJson({ error: outcome.message }, { status: 502 });
      case "no_answer":
        return noStoreJson({ error: outcome.message }, { status: 504 });
    }
  },
});

export const loader = jsonRoute.loader;
export const action = jsonRoute.action;
