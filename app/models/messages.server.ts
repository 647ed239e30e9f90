import type { PublicStatus } from "~/models/home-facts";
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { db, writeTransaction } from "~/db/client.server";
import { contactMessages, properties, type ContactMessage } from "~/db/schema";
import { containsText } from "~/db/text-search.server";
import { recordAudit, summarizeChanges } from "~/models/audit.server";
import { config } from "~/config/env.server";
import { contactRecipient } from "~/models/configurations.server";
import { getDictionary } from "~/models/texts.server";
import { queueInstantReply } from "~/models/instant-replies.server";
import { queueMail } from "~/services/mail/queue.server";
import { type ContactInput } from "~/models/contact-schema";
import { MESSAGE_SUBJECTS } from "~/models/contact-fields";
import { cleanMultilineText, cleanOneLine } from "~/utils/control-characters";
import { escapeHtml } from "~/utils/html";
import { officeDetailsTable, officeMailHtml, officeMessageHtml } from "~/models/office-mail-html";
import { NO_MESSAGE_FILTERS, type MessageFilters } from "~/models/message-form";
import { formatMailDateTime } from "~/utils/dates";
import { LANGUAGE_NAMES, type Language } from "~/utils/locale";
import { NO_ORIGIN, originColumns, type EnquiryOrigin } from "~/models/enquiry-source";

/**
 * Stores a contact message and queues its notification and the visitor's instant reply
 * in one transaction: the message is never lost to a mail problem, and never stored
 * without its mails.
 */
export function recordContactMessage(input: ContactInput, language: Language, origin: EnquiryOrigin = NO_ORIGIN): ContactMessage {
  return writeTransaction((tx) => {
    // Linked only to a home that is listed: a stale or made-up id is just left out.
    const home = input.propertyId === undefined ? undefined : inquiryHome(input.propertyId, tx);
    const message = insertContactMessage(tx, {
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phone: input.phone ?? null,
      subject: input.subject,
      message: input.message,
      propertyId: home?.id ?? null,
      language,
      ...originColumns(origin),
    });
    queueMail(contactNotification(message, contactRecipient(tx), home), tx);
    queueInstantReply(message, tx);
    return message;
  });
}

type Writer = Pick<ReturnType<typeof db>, "insert">;

/** One row of contact_messages, whichever door it came through (the contact form, a visit request). */
export function insertContactMessage(writer: Writer, values: typeof contactMessages.$inferInsert): ContactMessage {
  return writer.insert(contactMessages).values(values).returning().get();
}

/** Newest first, for the back office. */
export function listContactMessages(): ContactMessage[] {
  return db().select().from(contactMessages).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)).all();
}

export const MESSAGES_PAGE_SIZE = 25;

/** A place in the newest-first list: a message's time and id (ids break ties). */
export type MessageCursor = { createdAt: number; id: number };

export function encodeMessageCursor(message: Pick<ContactMessage, "createdAt" | "id">): string {
  return `${message.createdAt.getTime()}_${message.id}`;
}

export function decodeMessageCursor(value: string | null | undefined): MessageCursor | null {
  const match = /^(\d{1,15})_(\d{1,15})$/.exec(value ?? "");
  return match ? { createdAt: Number(match[1]), id: Number(match[2]) } : null;
}

export type MessagePage = { messages: ContactMessage[]; older: string | null; newer: string | null };

/** The subject keys whose key or English label contains the search (any case). */
function subjectsMatching(query: string): string[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [];
  return MESSAGE_SUBJECTS.filter((subject) => subject.includes(needle) || subjectLabel(subject).toLocaleLowerCase().includes(needle));
}

/**
 * The filter as SQL: `q` in the full name (first and last, so "Ana Peña" finds her),
 * the e-mail, the message or the subject (its key or its English label); one subject;
 * new (never handled) or handled. Each filter alone is answered from an index in
 * created_at order (subject, created_at and handled_at, created_at); a search reads the
 * rows in that order until a page is full, at worst every row (about 0.1-0.3 s for
 * 100,000 messages, the slower end for non-ASCII searches, which go through casefold).
 */
export function messageFilterCondition(filters: MessageFilters): SQL | undefined {
  const subjects = subjectsMatching(filters.q);
  const search = filters.q
    ? or(
        containsText([sql`${contactMessages.firstName} || ' ' || ${contactMessages.lastName}`, contactMessages.email, contactMessages.message], filters.q),
        subjects.length ? inArray(contactMessages.subject, subjects) : undefined,
      )
    : undefined;
  return and(
    search,
    filters.subject ? eq(contactMessages.subject, filters.subject) : undefined,
    filters.status === "new" ? isNull(contactMessages.handledAt) : filters.status === "handled" ? isNotNull(contactMessages.handledAt) : undefined,
    filters.stage ? eq(contactMessages.stage, filters.stage) : undefined,
  );
}

/** Newer than the place (towards the start of the newest-first list). */
export const newerThan = (cursor: MessageCursor) =>
  sql`(${contactMessages.createdAt}, ${contactMessages.id}) > (${cursor.createdAt}, ${cursor.id})`;
/** Older than the place: the next rows of the newest-first list. */
export const olderThan = (cursor: MessageCursor) =>
  sql`(${contactMessages.createdAt}, ${contactMessages.id}) < (${cursor.createdAt}, ${cursor.id})`;

/**
 * One page of messages, newest first, found from a cursor rather than an OFFSET: the
 * index on created_at (with the id SQLite keeps in it) reaches any page directly, so
 * the 4,000th page of 100,000 messages costs what the first does. The place is compared
 * as a row value, (created_at, id) < (?, ?), which SQLite answers by seeking the index;
 * the same test spelled with OR walks the index from its start.
 * `before` pages towards older messages, `after` back towards newer ones; `filters`
 * narrows the list (see messageFilterCondition) and the cursors walk the narrowed list.
 */
export function contactMessagesPage(
  options: { before?: MessageCursor | null; after?: MessageCursor | null; limit?: number; filters?: MessageFilters } = {},
): MessagePage {
  const limit = options.limit ?? MESSAGES_PAGE_SIZE;
  const filter = messageFilterCondition(options.filters ?? NO_MESSAGE_FILTERS);
  if (options.after) {
    const cursor = options.after;
    const rows = db()
      .select()
      .from(contactMessages)
      .where(and(filter, newerThan(cursor)))
      .orderBy(asc(contactMessages.createdAt), asc(contactMessages.id))
      .limit(limit + 1)
      .all();
    const messages = rows.slice(0, limit).reverse();
    return {
      messages,
      newer: rows.length > limit && messages.length ? encodeMessageCursor(messages[0]) : null,
      older: messages.length ? encodeMessageCursor(messages[messages.length - 1]) : null,
    };
  }
  const cursor = options.before;
  const rows = db()
    .select()
    .from(contactMessages)
    .where(and(filter, cursor ? olderThan(cursor) : undefined))
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit + 1)
    .all();
  const messages = rows.slice(0, limit);
  return {
    messages,
    older: rows.length > limit ? encodeMessageCursor(messages[messages.length - 1]) : null,
    newer: cursor && messages.length ? encodeMessageCursor(messages[0]) : null,
  };
}

/** How many messages nobody has marked handled yet: the dashboard's "new" count (an index answers it). */
export function countNewMessages(): number {
  return db().select({ n: count() }).from(contactMessages).where(isNull(contactMessages.handledAt)).get()?.n ?? 0;
}

export function getContactMessage(id: number): ContactMessage | undefined {
  return db().select().from(contactMessages).where(eq(contactMessages.id, id)).get();
}

/** The homes some messages are about ('Ask about this home'): property id to its name. */
export function messageHomes(messages: Pick<ContactMessage, "propertyId">[]): Map<number, string> {
  const ids = [...new Set(messages.map((message) => message.propertyId).filter((id): id is number => id !== null))];
  if (!ids.length) return new Map();
  const rows = db().select({ id: properties.id, name: properties.name }).from(properties).where(inArray(properties.id, ids)).all();
  return new Map(rows.map((row) => [row.id, row.name]));
}

export type HandledOutcome = { kind: "not_found" } | { kind: "updated" | "unchanged"; message: ContactMessage };

/**
 * 'Mark as handled' (with who and when) and 'Mark as new', with its audit entry, in one
 * transaction. Marking a message as it already is changes nothing and logs nothing: the
 * first admin to handle it stays its handler (two admins on the same message see the
 * same answer).
 */
export function setMessageHandled(id: number, handled: boolean, actor: string): HandledOutcome {
  return writeTransaction((tx) => {
    const before = tx.select().from(contactMessages).where(eq(contactMessages.id, id)).get();
    if (!before) return { kind: "not_found" } as const;
    if ((before.handledAt !== null) === handled) return { kind: "unchanged", message: before } as const;
    const change = handled ? { handledAt: new Date(), handledBy: actor } : { handledAt: null, handledBy: null };
    const message = tx.update(contactMessages).set(change).where(eq(contactMessages.id, id)).returning().get();
    recordAudit(
      {
        actor,
        entity: "message",
        entityId: id,
        action: handled ? "handled" : "unhandled",
        summary: summarizeChanges(before, change, ["handledAt", "handledBy"]),
      },
      tx,
    );
    return { kind: "updated", message } as const;
  });
}

/**
 * The id the next stored message will get: what a dropped (honeypot) submission
 * answers with, so that it cannot be told apart from a stored one.
 */
export function nextContactMessageId(): number {
  const row = db().get<{ next: number }>(
    sql`select coalesce(max(seq), 0) + 1 as next from sqlite_sequence where name = 'contact_messages'`,
  );
  return row?.next ?? 1;
}

// ---------------------------------------------------------------------------------
// The notification e-mail (to staff, so in English, with the dictionary's current labels)

/** A subject's English label from the dictionary (the key itself if it has none). */
export function subjectLabel(subject: string): string {
  return getDictionary().en[`contact.form.subject.${subject}`] ?? subject;
}

/** The home a message asks about, as the office's mail names it. */
/** A public home a message names; `status` says where it is in its life (a pending one takes no visit requests). */
export type InquiryHome = { id: number; name: string; location: string; url: string; status: PublicStatus };

export function inquiryHome(propertyId: number, reader: Pick<ReturnType<typeof db>, "select">): InquiryHome | undefined {
  const home = reader
    .select({ id: properties.id, name: properties.name, location: properties.location, status: properties.status })
    .from(properties)
    .where(and(eq(properties.id, propertyId), eq(properties.isActive, true)))
    .get();
  // An active home's status is a public one (the triggers of migration 0013 keep them so).
  return home ? { ...home, status: home.status as PublicStatus, url: `${config().appUrl}/properties/${home.id}` } : undefined;
}

/**
 * Header values and the text's "Name: value" lines are one line each, without control
 * characters (cleanOneLine): a name with a line break must start neither a header nor a
 * line of its own. The form already refuses such names; this also covers a home's name
 * and place, typed by an admin.
 */
export function contactNotification(message: ContactMessage, recipient: string, home?: InquiryHome) {
  const fullName = cleanOneLine(`${message.firstName} ${message.lastName}`);
  const label = subjectLabel(message.subject);
  const received = formatMailDateTime(message.createdAt);
  const homeLine = home ? `${cleanOneLine(home.name)} (${cleanOneLine(home.location)})` : null;
  const firstName = cleanOneLine(message.firstName);
  const lastName = cleanOneLine(message.lastName);
  // The form keeps the line breaks and tabs of a message and drops its other controls.
  const body = cleanMultilineText(message.message);
  const fields: [string, string][] = [
    ["Name", fullName],
    ["Email", cleanOneLine(message.email)],
    ["Phone", message.phone ? cleanOneLine(message.phone) : "(not given)"],
    ["Subject", label],
    ...(homeLine && home ? ([["Home", `${homeLine} ${home.url}`]] as [string, string][]) : []),
    ...(message.language ? ([["Language", LANGUAGE_NAMES[message.language]]] as [string, string][]) : []),
    ["Received", received],
  ];

  const text = [
    "A new message arrived through the website's contact form.",
    "",
    `First name: ${firstName}`,
    `Last name: ${lastName}`,
    ...fields.slice(1).map(([name, value]) => `${name}: ${value}`),
    "",
    "Message:",
    body,
    "",
    `Reply to this e-mail to answer ${fullName}.`,
  ].join("\n");

  const rows = [["First name", firstName], ["Last name", lastName], ...fields.slice(1)].map(([name, value]) =>
    name === "Home" && home && homeLine ? { name, value: homeLine, href: home.url } : { name, value },
  );
  const html = officeMailHtml([
    "<p>A new message arrived through the website's contact form.</p>",
    officeDetailsTable(rows),
    officeMessageHtml("Message", body),
    `<p style="margin-top:20px;color:#475569">Reply to this e-mail to answer ${escapeHtml(fullName)}.</p>`,
  ]);

  return {
    to: recipient,
    subject: home ? `New contact message: ${cleanOneLine(label)} about ${cleanOneLine(home.name)} from ${fullName}` : `New contact message: ${cleanOneLine(label)} from ${fullName}`,
    text,
    html,
    replyTo: message.email,
  };
}
