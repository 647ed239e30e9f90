import { messagesCsvStream, recordMessagesExport } from "~/models/message-export.server";
import { MESSAGE_MESSAGES, messageFilterSchema, messageFilterValues } from "~/models/message-form";
import { adminJsonRoute, refusedJson } from "~/http/admin-json-route.server";
import { fieldErrorsOf } from "~/http/api.server";
import { CSV_CONTENT_TYPE } from "~/utils/csv";
import { formatIsoDate } from "~/utils/dates";
import { NO_STORE } from "~/http/no-store";

/**
 * GET /api/admin/messages.csv?q=&subject=&status=: 'Export CSV', the messages of the
 * Messages tab's filter as a CSV file (UTF-8 with a byte order mark, one header row),
 * streamed however many there are. Each export is recorded in the change log (who, which
 * filter). Admins only: 401 JSON without a session; a filter the tab would never send
 * answers 400 with field errors; neither is recorded.
 */

const jsonRoute = adminJsonRoute({
  GET: ({ request, admin }) => {
    const parsed = messageFilterSchema.safeParse(messageFilterValues(new URL(request.url).searchParams));
    if (!parsed.success) return refusedJson(MESSAGE_MESSAGES.filterInvalid, fieldErrorsOf(parsed.error));
    recordMessagesExport(admin.email, parsed.data);
    return new Response(messagesCsvStream(parsed.data), {
      headers: {
        "Content-Type": CSV_CONTENT_TYPE,
        "Content-Disposition": `attachment; filename="messages-${formatIsoDate()}.csv"`,
        ...NO_STORE,
      },
    });
  },
});

export const loader = jsonRoute.loader;
export const action = jsonRoute.action;
