import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { messagesCsvStream } from "~/models/message-export.server";
import { fieldErrorsOf, methodNotAllowed, NO_STORE } from "~/utils/api.server";
import { requireAdminApi } from "~/utils/auth.server";
import { CSV_CONTENT_TYPE } from "~/utils/csv";
import { formatIsoDate } from "~/utils/dates";
import { MESSAGE_MESSAGES, messageFilterSchema, messageFilterValues } from "~/utils/message-form";

/**
 * GET /api/admin/messages.csv?q=&subject=&status=: 'Export CSV', the messages of the
 * Messages tab's filter as a CSV file (UTF-8 with a byte order mark, one header row),
 * streamed however many there are. Admins only: 401 JSON without a session; a filter
 * the tab would never send answers 400 with field errors.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminApi(request);
  const parsed = messageFilterSchema.safeParse(messageFilterValues(new URL(request.url).searchParams));
  if (!parsed.success) {
    return json({ error: MESSAGE_MESSAGES.filterInvalid, fieldErrors: fieldErrorsOf(parsed.error) }, { status: 400, headers: NO_STORE });
  }
  return new Response(messagesCsvStream(parsed.data), {
    headers: {
      "Content-Type": CSV_CONTENT_TYPE,
      "Content-Disposition": `attachment; filename="messages-${formatIsoDate()}.csv"`,
      ...NO_STORE,
    },
  });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdminApi(request);
  return methodNotAllowed("GET");
}
