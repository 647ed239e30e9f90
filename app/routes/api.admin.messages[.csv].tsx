import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { messagesCsvStream, recordMessagesExport } from "~/models/message-export.server";
import { fieldErrorsOf, methodNotAllowed, NO_STORE } from "~/utils/api.server";
import { requireAdminApi } from "~/utils/auth.server";
import { CSV_CONTENT_TYPE } from "~/utils/csv";
import { formatIsoDate } from "~/utils/dates";
import { MESSAGE_MESSAGES, messageFilterSchema, messageFilterValues } from "~/utils/message-form";

/**
 * GET /api/admin/messages.csv?q=&subject=&status=: 'Export CSV', the messages of the
 * Messages tab's filter as a CSV file (UTF-8 with a byte order mark, one header row),
 * streamed however many there are. Each export is recorded in the change log (who, which
 * filter). Admins only: 401 JSON without a session; a filter the tab would never send
 * answers 400 with field errors; neither is recorded.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdminApi(request);
  const parsed = messageFilterSchema.safeParse(messageFilterValues(new URL(request.url).searchParams));
  if (!parsed.success) {
    return json({ error: MESSAGE_MESSAGES.filterInvalid, fieldErrors: fieldErrorsOf(parsed.error) }, { status: 400, headers: NO_STORE });
  }
  recordMessagesExport(admin.email, parsed.data);
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
