import { Link, useFetcher } from "react-router";
import { MESSAGES_PATH, PROPERTIES_PATH, propertyPath } from "~/paths";
import { telHref } from "~/utils/phone";
import { VisitPanel } from "./visit-panel";
import { StageForm, type StageCardItem } from "./stage-form";
import { EnquiryThread } from "./enquiry-thread";
import type { VisitCardItem } from "~/models/visit-decision-form";
import type { ThreadItem } from "~/models/enquiry-thread";
import { replyButtonLabel } from "~/models/reply-form";
import type { Language } from "~/utils/locale";

export type MessageCardItem = {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  /** The language of the site the visitor wrote from, by name ("Spanish"); null for messages from before it was recorded. */
  language: string | null;
  /** The same as a code: the reply's language. */
  languageCode: Language | null;
  subject: string;
  message: string;
  date: string;
  /** Where the visitor came from ('facebook / social', 'google.com', 'direct'), the campaign, and the page of this site it was sent from. */
  source: { label: string; campaign: string | null; sentFrom: string | null };
  /** The home the message asks about, while it exists. */
  home: { id: number; name: string } | null;
  /** Who marked it handled, and when; null while it is new. */
  handled: { by: string; on: string } | null;
  /** A visit request's times and status; null for other messages. */
  visit: VisitCardItem | null;
  /** Where the office is with it. */
  stage: StageCardItem;
  /** The office's replies and the visit's events, oldest first. */
  thread: ThreadItem[];
};

/**
 * One contact message on the Messages tab: who wrote, when, the subject and the text, the
 * home it is about, and whether the office has handled it. `search` is the tab's filter
 * and page, where 'Mark as handled' / 'Mark as new' return to.
 */
export function MessageCard({ message, search }: { message: MessageCardItem; search: string }) {
  return (
    <article aria-label={`Message from ${message.name}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="break-words font-semibold text-slate-900">{message.name}</h3>
          <p className="text-sm text-slate-600">
            <a href={`mailto:${message.email}`} className="break-all text-brand-700 underline">
              {message.email}
            </a>
            {message.phone ? (
              <>
                {" · "}
                <PhoneLink phone={message.phone} />
              </>
            ) : null}
          </p>
        </div>
        <span className="rounded-full bg-slate-100 px-3 py-1 text-xs font-semibold text-slate-700">{message.date}</span>
      </div>
      <p className="mt-3 text-sm text-slate-800">
        <span className="font-semibold">Subject:</span> {message.subject}
      </p>
      {message.language ? (
        <p className="mt-1 text-sm text-slate-800">
          <span className="font-semibold">Written in:</span> {message.language}
        </p>
      ) : null}
      <p className="mt-1 break-words text-sm text-slate-800">
        <span className="font-semibold">Source:</span> {message.source.label}
        {message.source.campaign ? ` (campaign: ${message.source.campaign})` : null}
        {message.source.sentFrom ? (
          <>
            {" · "}
            <span className="font-semibold">Sent from:</span> <span className="break-all">{message.source.sentFrom}</span>
          </>
        ) : null}
      </p>
      {message.home ? (
        <p className="mt-1 text-sm text-slate-800">
          <span className="font-semibold">Home:</span>{" "}
          <a href={propertyPath(message.home.id)} className="break-words text-brand-700 underline">
            {message.home.name}
          </a>{" "}
          {/* The visible word starts the accessible name (WCAG 2.5.3). */}
          <Link to={`${PROPERTIES_PATH}/${message.home.id}/edit`} className="text-slate-600 underline">
            Edit<span className="sr-only">{` ${message.home.name}`}</span>
          </Link>
        </p>
      ) : null}
      {message.message ? <p className="mt-2 whitespace-pre-line break-words text-slate-800">{message.message}</p> : null}
      <EnquiryThread items={message.thread} label={`Conversation with ${message.name}`} heading="h4" />
      {message.visit ? <VisitPanel messageId={message.id} visit={message.visit} action={`${MESSAGES_PATH}${search}`} from="messages" /> : null}
      <StageForm messageId={message.id} name={message.name} stage={message.stage} action={`${MESSAGES_PATH}${search}`} />
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        {message.handled ? (
          <span className="rounded-full bg-emerald-50 px-3 py-1 text-xs font-semibold text-emerald-800">
            Handled by <span className="break-all">{message.handled.by}</span> on {message.handled.on}
          </span>
        ) : (
          <span className="rounded-full bg-amber-50 px-3 py-1 text-xs font-semibold text-amber-900">New</span>
        )}
        <div className="flex flex-wrap items-center gap-2">
          <ReplyLink message={message} search={search} />
          <HandledButton message={message} search={search} />
        </div>
      </div>
    </article>
  );
}

/**
 * A phone number as the visitor typed it, a `tel:` link when it has digits to dial (a
 * tap calls from a phone). Only digits and a leading '+' go into the link.
 */
function PhoneLink({ phone }: { phone: string }) {
  const dial = telHref(phone);
  if (!dial) return <span className="break-all">{phone}</span>;
  return (
    <a href={dial} className="inline-flex min-h-6 items-center break-all text-brand-700 underline">
      {phone}
    </a>
  );
}

/**
 * 'Reply' ('Responder' to a visitor who wrote in Spanish: the reply's language is
 * theirs): opens the reply dialog over the tab at the same filter and page.
 */
function ReplyLink({ message, search }: { message: MessageCardItem; search: string }) {
  const label = replyButtonLabel(message.languageCode);
  return (
    <Link
      to={`${MESSAGES_PATH}/${message.id}/reply${search}`}
      preventScrollReset
      className="inline-flex h-9 items-center rounded-md bg-brand-700 px-3 text-sm font-semibold text-white hover:bg-brand-800"
    >
      <span lang={message.languageCode === "es" ? "es" : undefined}>{label}</span>
      {/* The visible word starts the accessible name (WCAG 2.5.3). */}
      <span className="sr-only">{` (reply to ${message.name})`}</span>
    </Link>
  );
}

/**
 * 'Mark as handled' or 'Mark as new': a form that posts to the tab (a page round trip
 * without JavaScript, a fetcher with it). The button stays the same element whatever
 * it says, so focus stays on it once the list has been read again.
 */
function HandledButton({ message, search }: { message: MessageCardItem; search: string }) {
  const fetcher = useFetcher({ key: `message-handled-${message.id}` });
  const handled = message.handled !== null;
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={`${MESSAGES_PATH}${search}`} preventScrollReset>
      <input type="hidden" name="id" value={message.id} />
      <input type="hidden" name="handled" value={String(!handled)} />
      <button
        type="submit"
        aria-busy={busy}
        className="inline-flex h-9 items-center rounded-md border border-slate-300 px-3 text-sm font-semibold text-slate-700 hover:bg-slate-100"
      >
        {busy ? "Saving..." : handled ? "Mark as new" : "Mark as handled"}
      </button>
    </fetcher.Form>
  );
}
