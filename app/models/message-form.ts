import { z } from "zod";
import { MESSAGE_SUBJECTS, type MessageSubject } from "~/models/contact-fields";
import { MESSAGES_PATH } from "~/paths";
import { ENQUIRY_STAGES, STAGE_MESSAGES, type EnquiryStage } from "~/models/enquiry-stage";

/**
 * The Messages tab's rules and texts, shared by its page action, its JSON calls, the
 * CSV export and the browser: the filter (search, subject, status) read from a URL,
 * the handled switch's schema, and the toasts. Not a .server module: the browser uses it.
 */

export const MESSAGE_QUERY_MAX_LENGTH = 200;
export const MESSAGE_STATUSES = ["all", "new", "handled"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const MESSAGE_MESSAGES = {
  markedHandled: "Message marked as handled",
  markedNew: "Message marked as new",
  updateFailed: "Failed to update message",
  notFound: "That message does not exist",
  handledNotBoolean: "handled must be true or false",
  queryTooLong: `At most ${MESSAGE_QUERY_MAX_LENGTH} characters`,
  subjectInvalid: `The subject must be all or one of ${MESSAGE_SUBJECTS.join(", ")}`,
  statusInvalid: `The status must be one of ${MESSAGE_STATUSES.join(", ")}`,
  filterInvalid: "The filter is not valid",
} as const;

/** What the list shows: `q` in a name, e-mail, subject or text; one subject or all; new, handled or all; one stage or all. */
export type MessageFilters = { q: string; subject: MessageSubject | null; status: MessageStatus; stage: EnquiryStage | null };

export const NO_MESSAGE_FILTERS: MessageFilters = { q: "", subject: null, status: "all", stage: null };

/**
 * The filter in a URL. Blank or "all" means no filter. The tab reads it leniently
 * (`messageFiltersFrom`); the CSV export answers 400 with these field errors.
 */
export const messageFilterSchema = z.object({
  q: z.string().trim().max(MESSAGE_QUERY_MAX_LENGTH, MESSAGE_MESSAGES.queryTooLong).default(""),
  subject: z
    .union([z.literal("all"), z.literal(""), z.enum(MESSAGE_SUBJECTS)], { errorMap: () => ({ message: MESSAGE_MESSAGES.subjectInvalid }) })
    .optional()
    .transform((value) => (value && value !== "all" ? value : null)),
  status: z
    .union([z.literal(""), z.enum(MESSAGE_STATUSES)], { errorMap: () => ({ message: MESSAGE_MESSAGES.statusInvalid }) })
    .optional()
    .transform((value) => (value ? value : "all")),
  stage: z
    .union([z.literal("all"), z.literal(""), z.enum(ENQUIRY_STAGES)], { errorMap: () => ({ message: STAGE_MESSAGES.stageInvalid }) })
    .optional()
    .transform((value) => (value && value !== "all" ? value : null)),
});

export function messageFilterValues(params: URLSearchParams) {
  const value = (name: string) => params.get(name) ?? undefined;
  return { q: value("q"), subject: value("subject"), status: value("status"), stage: value("stage") };
}

/** The tab's reading: an unknown subject or status shows all, an overlong search its start. */
export function messageFiltersFrom(params: URLSearchParams): MessageFilters {
  const subject = params.get("subject");
  const status = params.get("status");
  const stage = params.get("stage");
  return {
    q: (params.get("q") ?? "").trim().slice(0, MESSAGE_QUERY_MAX_LENGTH),
    subject: (MESSAGE_SUBJECTS as readonly string[]).includes(subject ?? "") ? (subject as MessageSubject) : null,
    status: (MESSAGE_STATUSES as readonly string[]).includes(status ?? "") ? (status as MessageStatus) : "all",
    stage: (ENQUIRY_STAGES as readonly string[]).includes(stage ?? "") ? (stage as EnquiryStage) : null,
  };
}

/**
 * "?q=…&subject=…&status=…" with only the filters in use (and `extra`, e.g. a cursor),
 * or "" for none: one URL per list, shared by the pager, the forms and the export link.
 */
export function messageFilterSearch(filters: MessageFilters, extra: Record<string, string | null | undefined> = {}): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.subject) params.set("subject", filters.subject);
  if (filters.status !== "all") params.set("status", filters.status);
  if (filters.stage) params.set("stage", filters.stage);
  for (const [name, value] of Object.entries(extra)) if (value) params.set(name, value);
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** The tab at the same filter and page: where its forms return to. */
export function messagesTabUrl(params: URLSearchParams): string {
  const cursor = { before: params.get("before"), after: params.get("after") };
  return `${MESSAGES_PATH}${messageFilterSearch(messageFiltersFrom(params), cursor)}`;
}

/** PATCH /api/admin/messages/{id}'s body and the tab's 'Mark as handled' / 'Mark as new' form. */
export const messageHandledSchema = z.object({
  handled: z.boolean({ required_error: MESSAGE_MESSAGES.handledNotBoolean, invalid_type_error: MESSAGE_MESSAGES.handledNotBoolean }),
});

/** The form posts "true" or "false"; anything else stays as sent, so the schema refuses it. */
export function messageHandledFormValues(formData: FormData): { handled: unknown } {
  const value = formData.get("handled");
  return { handled: value === "true" ? true : value === "false" ? false : (value ?? undefined) };
}
