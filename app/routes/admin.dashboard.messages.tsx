import { Link, Outlet, useLoaderData, useLocation, data, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { MessageCard } from "~/components/admin/message-card";
import { FilterSelect, SearchForm } from "~/components/admin/search-form";
import { TabPanel } from "~/components/admin/tab-panel";
import { NewMessagesLink } from "~/components/admin/new-messages-link";
import { contactMessagesPage, countNewMessages, decodeMessageCursor, messageHomes, setMessageHandled, subjectLabel } from "~/models/messages.server";
import { requireAdmin } from "~/auth/admin-guard.server";
import { MESSAGE_SUBJECTS } from "~/models/contact-fields";
import { formatDateTime } from "~/utils/dates";
import { MESSAGE_MESSAGES, messageFilterSearch, messageFiltersFrom, messageHandledFormValues, messageHandledSchema, messagesTabUrl } from "~/models/message-form";
import { parseId } from "~/http/params";
import { redirectWithToast } from "~/http/toast.server";
import { readForm } from "~/http/form-body.server";
import { MESSAGE_CARD_FORM } from "~/http/form-shapes.server";
import { MESSAGES_CSV_API, MESSAGES_PATH } from "~/paths";
import { NO_STORE } from "~/http/no-store";
import { LANGUAGE_NAMES } from "~/utils/locale";
import { sourceLabel, sourceOfColumns } from "~/models/enquiry-source";
import { ENQUIRY_STAGES, STAGE_LABELS, stageText } from "~/models/enquiry-stage";
import { stageMoveAction } from "~/http/stage-form.server";
import { visitCardItem, visitDecisionAction } from "~/http/visit-decision-form.server";
import { visitsOfMessages } from "~/models/visit-requests.server";
import { clashFinder } from "~/models/visit-availability.server";
import { threadsOf } from "~/models/enquiry-thread.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const filters = messageFiltersFrom(params);
  const page = contactMessagesPage({ before: decodeMessageCursor(params.get("before")), after: decodeMessageCursor(params.get("after")), filters });
  const homes = messageHomes(page.messages);
  const visits = visitsOfMessages(page.messages.map((message) => message.id));
  const requested = page.messages.flatMap((message) => {
    const visit = visits.get(message.id);
    return visit?.status === "requested" ? [{ id: message.id, propertyId: message.propertyId, times: visit.times }] : [];
  });
  const clashesOf = clashFinder(requested);
  const threads = threadsOf(page.messages.map((message) => message.id));
  const messages = page.messages.map((message) => {
    const home = message.propertyId === null ? undefined : homes.get(message.propertyId);
    return {
      id: message.id,
      name: `${message.firstName} ${message.lastName}`,
      email: message.email,
      phone: message.phone,
      language: message.language && LANGUAGE_NAMES[message.language],
      languageCode: message.language,
      source: { label: sourceLabel(sourceOfColumns(message)), campaign: message.utmCampaign, sentFrom: message.sentFrom },
      stage: { value: message.stage, reason: message.closedReason, text: stageText(message.stage, message.closedReason) },
      subject: subjectLabel(message.subject),
      message: message.message,
      date: formatDateTime(message.createdAt),
      home: home === undefined ? null : { id: message.propertyId!, name: home },
      handled: message.handledAt ? { by: message.handledBy ?? "", on: formatDateTime(message.handledAt) } : null,
      visit: visitCardItem(visits.get(message.id), clashesOf(message.id, message.propertyId)),
      thread: threads.get(message.id) ?? [],
    };
  });
  const subjects = MESSAGE_SUBJECTS.map((subject) => ({ value: subject, label: subjectLabel(subject) }));
  return data({ filters, subjects, messages, newMessages: countNewMessages(), older: page.older, newer: page.newer }, { headers: NO_STORE });
}

/**
 * 'Mark as handled' and 'Mark as new' (the form's `handled` is "true" or "false"): back
 * to the same filter and page, with a toast.
 */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const back = messagesTabUrl(new URL(request.url).searchParams);
  const form = await readForm(request, MESSAGE_CARD_FORM);
  // A visit request's panel: 'Confirm visit' or 'Decline'.
  const decision = visitDecisionAction(form, admin.email);
  if (decision) return redirectWithToast(back, decision);
  // A card's 'Move' to another stage.
  const moved = stageMoveAction(form, admin.email);
  if (moved) return redirectWithToast(back, moved);
  const id = parseId(String(form.get("id") ?? ""));
  const parsed = messageHandledSchema.safeParse(messageHandledFormValues(form));
  const outcome = id === null || !parsed.success ? null : setMessageHandled(id, parsed.data.handled, admin.email);
  if (!outcome || outcome.kind === "not_found") {
    const description = outcome ? MESSAGE_MESSAGES.notFound : MESSAGE_MESSAGES.updateFailed;
    return redirectWithToast(back, { title: "Error", description, variant: "destructive" });
  }
  const description = outcome.message.handledAt ? MESSAGE_MESSAGES.markedHandled : MESSAGE_MESSAGES.markedNew;
  return redirectWithToast(back, { title: "Success", description });
}

const pagerLink = "inline-flex h-10 items-center rounded-md border border-slate-300 px-4 text-sm font-semibold text-slate-700 hover:bg-slate-100";

const STAGE_FILTER_OPTIONS = [{ value: "all", label: "All stages" }, ...ENQUIRY_STAGES.map((stage) => ({ value: stage, label: STAGE_LABELS[stage] }))];

const STATUS_OPTIONS = [
  { value: "all", label: "All" },
  { value: "new", label: "New" },
  { value: "handled", label: "Handled" },
] as const;

export default function MessagesTab() {
  const { filters, subjects, messages, newMessages, older, newer } = useLoaderData<typeof loader>();
  const filtered = filters.q !== "" || filters.subject !== null || filters.status !== "all" || filters.stage !== null;
  const search = messageFilterSearch(filters);
  // Where 'Mark as handled' returns to and 'Reply' opens over: this filter and this page
  // (without the reply dialog's own choices while it is open).
  const here = messagesTabUrl(new URLSearchParams(useLocation().search)).slice(MESSAGES_PATH.length);
  return (
    <TabPanel
      id="messages-title"
      title="Contact Messages"
      description="Messages submitted through the contact form"
      actions={
        <div className="flex flex-wrap items-center gap-3">
          <NewMessagesLink count={newMessages} />
          {/* A file download, not a page: a plain link (with the filter shown). */}
          <a
            href={`${MESSAGES_CSV_API}${search}`}
            download
            className="inline-flex h-10 items-center rounded-md border border-slate-300 px-4 text-sm font-semibold text-slate-700 hover:bg-slate-100"
          >
            Export CSV
          </a>
        </div>
      }
      toolbar={
        <SearchForm
          action={MESSAGES_PATH}
          id="messages-search"
          label="Search messages"
          placeholder="Search by name, e-mail, subject or text"
          value={filters.q}
        >
          <FilterSelect
            id="messages-subject"
            name="subject"
            label="Subject"
            value={filters.subject ?? "all"}
            options={[{ value: "all", label: "All subjects" }, ...subjects]}
          />
          <FilterSelect id="messages-status" name="status" label="Status" value={filters.status} options={STATUS_OPTIONS} />
          <FilterSelect id="messages-stage" name="stage" label="Stage" value={filters.stage ?? "all"} options={STAGE_FILTER_OPTIONS} />
        </SearchForm>
      }
    >
      {messages.length === 0 ? (
        <p className="p-5 text-slate-600">{filtered ? "No messages match your search" : "No messages yet"}</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {messages.map((message) => (
            <li key={message.id} className="p-5">
              <MessageCard message={message} search={here} />
            </li>
          ))}
        </ul>
      )}
      {newer || older ? (
        <nav aria-label="Message pages" className="flex flex-wrap justify-between gap-3 border-t border-slate-200 p-5">
          {newer ? (
            <Link to={`${MESSAGES_PATH}${messageFilterSearch(filters, { after: newer })}`} className={pagerLink}>
              Newer messages
            </Link>
          ) : (
            <span />
          )}
          {older ? (
            <Link to={`${MESSAGES_PATH}${messageFilterSearch(filters, { before: older })}`} className={pagerLink}>
              Older messages
            </Link>
          ) : null}
        </nav>
      ) : null}
      <Outlet />
    </TabPanel>
  );
}
