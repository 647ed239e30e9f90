import { and, desc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { contactMessages, properties, visitRequests } from "~/db/schema";
import { recordAudit, summarizeChanges } from "~/models/audit.server";
import { messageFilterCondition, olderThan, subjectLabel, type MessageCursor } from "~/models/messages.server";
import { MESSAGE_SUBJECTS } from "~/models/contact-fields";
import { cleanOneLine } from "~/utils/control-characters";
import { CSV_BOM, csvRow } from "~/utils/csv";
import { formatSpreadsheetDateTime } from "~/utils/dates";
import type { MessageFilters } from "~/models/message-form";
import { LANGUAGE_NAMES, type Language } from "~/utils/locale";
import { sourceLabel, sourceOfColumns } from "~/models/enquiry-source";
import { CLOSE_REASON_LABELS, STAGE_LABELS, type CloseReason, type EnquiryStage } from "~/models/enquiry-stage";

/**
 * 'Export CSV': the messages of a filter as a CSV file, newest first, streamed.
 *
 * The rows are read in chunks of CHUNK_ROWS by the same (created_at, id) cursor as the
 * tab's pages, each chunk with one prepared statement's iterate(), start to end within one
 * pull of the stream. A chunk is only read when the previous one has been written to the
 * client (the server waits for the socket to drain), so memory holds about one chunk
 * whatever the number of messages, and a slow download never keeps the database busy:
 * better-sqlite3 has one connection, which another request may use between two chunks
 * (an iterator left open across them would make every other query fail).
 * A message stored during the export is newer than the cursor and is not in the file.
 */

export const CSV_HEADER = [
  "id",
  "received",
  "first name",
  "last name",
  "e-mail",
  "phone",
  "subject",
  "message",
  "home",
  "handled at",
  "handled by",
  "language",
  // A visit request's own (empty for other messages): the home as asked about, the times asked for and the time confirmed (Central Time), its status.
  "visit home",
  "visit times asked",
  "visit confirmed time",
  "visit status",
  // Where the visitor came from: 'facebook / social', the site that linked, or 'direct'; the campaign; the page of this site it was sent from.
  "source",
  "campaign",
  "referrer",
  "sent from",
  // Where the office is with it: the stage, and a closed one's reason.
  "stage",
  "closed reason",
  // When the office first answered it (Central Time); empty while it is new.
  "first reply",
] as const;

const CHUNK_ROWS = 500;

// The columns, in the order of CSV_HEADER (raw rows are arrays in this order).
const COLUMNS = {
  id: contactMessages.id,
  createdAt: contactMessages.createdAt,
  firstName: contactMessages.firstName,
  lastName: contactMessages.lastName,
  email: contactMessages.email,
  phone: contactMessages.phone,
  subject: contactMessages.subject,
  message: contactMessages.message,
  home: properties.name,
  handledAt: contactMessages.handledAt,
  handledBy: contactMessages.handledBy,
  language: contactMessages.language,
  visitHome: visitRequests.homeName,
  visitTimes: visitRequests.times,
  visitConfirmed: visitRequests.confirmedTime,
  visitStatus: visitRequests.status,
  utmSource: contactMessages.utmSource,
  utmMedium: contactMessages.utmMedium,
  utmCampaign: contactMessages.utmCampaign,
  referrerHost: contactMessages.referrerHost,
  sentFrom: contactMessages.sentFrom,
  stage: contactMessages.stage,
  closedReason: contactMessages.closedReason,
  firstRepliedAt: contactMessages.firstRepliedAt,
};

type RawRow = [
  number, number, string, string, string, string | null, string, string, string | null, number | null, string | null, Language | null,
  string | null, string | null, number | null, string | null,
  string | null, string | null, string | null, string | null, string | null,
  EnquiryStage, CloseReason | null, number | null,
];

/** The times a visit asked for, as stored (JSON epoch milliseconds), in the sheet's date format. */
function timesAsked(stored: string | null): string | null {
  if (stored === null) return null;
  const times = JSON.parse(stored) as unknown;
  return Array.isArray(times) ? times.filter((time): time is number => typeof time === "number").map(formatSpreadsheetDateTime).join("; ") : null;
}

/** Up to CHUNK_ROWS rows after the cursor as CSV text, and the cursor of the last one. */
function readChunk(filters: MessageFilters, cursor: MessageCursor | null): { text: string; last: MessageCursor | null; rows: number } {
  const query = db()
    .select(COLUMNS)
    .from(contactMessages)
    .leftJoin(properties, eq(properties.id, contactMessages.propertyId))
    .leftJoin(visitRequests, eq(visitRequests.messageId, contactMessages.id))
    .where(and(messageFilterCondition(filters), cursor ? olderThan(cursor) : undefined))
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(CHUNK_ROWS)
    .toSQL();
  const statement = db().$client.prepare(query.sql).raw(true);
  // The labels before the rows: while a statement is being iterated its connection runs
  // nothing else, and the dictionary asks the database whether it changed.
  const labels = new Map<string, string>(MESSAGE_SUBJECTS.map((subject) => [subject, subjectLabel(subject)]));
  let text = "";
  let rows = 0;
  let last: MessageCursor | null = null;
  for (const row of statement.iterate(...query.params) as IterableIterator<RawRow>) {
    const [id, createdAt, firstName, lastName, email, phone, subject, message, home, handledAt, handledBy, language, visitHome, visitTimes, visitConfirmed, visitStatus, utmSource, utmMedium, utmCampaign, referrerHost, sentFrom, stage, closedReason, firstRepliedAt] = row;
    text += csvRow([
      id,
      formatSpreadsheetDateTime(createdAt),
      firstName,
      lastName,
      email,
      phone,
      labels.get(subject) ?? subject,
      message,
      home,
      handledAt === null ? null : formatSpreadsheetDateTime(handledAt),
      handledBy,
      language && LANGUAGE_NAMES[language],
      visitHome,
      timesAsked(visitTimes),
      visitConfirmed === null ? null : formatSpreadsheetDateTime(visitConfirmed),
      visitStatus,
      sourceLabel(sourceOfColumns({ utmSource, utmMedium, utmCampaign, referrerHost })),
      utmCampaign,
      referrerHost,
      sentFrom,
      STAGE_LABELS[stage],
      closedReason && CLOSE_REASON_LABELS[closedReason],
      firstRepliedAt === null ? null : formatSpreadsheetDateTime(firstRepliedAt),
    ]);
    last = { createdAt, id };
    rows++;
  }
  return { text, last, rows };
}

/** The file's bytes: the byte order mark and the header row, then the rows chunk by chunk. */
export function messagesCsvStream(filters: MessageFilters): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: MessageCursor | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(CSV_BOM + csvRow(CSV_HEADER)));
          return;
        }
        const chunk = readChunk(filters, cursor);
        if (chunk.rows) controller.enqueue(encoder.encode(chunk.text));
        if (chunk.rows < CHUNK_ROWS) controller.close();
        else cursor = chunk.last;
      },
    },
    // One chunk queued ahead at most: the next is read when the client has taken this one.
    { highWaterMark: 1 },
  );
}

/**
 * "status: new; subject: investment; search: peña", or "all messages": the filter of an
 * export as the change log shows it. The search, typed by staff, comes last, so nothing
 * in it can pass for another part; it is one line without control characters, and cut
 * as every summary value is (summarizeChanges).
 */
export function messagesExportSummary(filters: MessageFilters): string {
  const summary = summarizeChanges(null, {
    status: filters.status === "all" ? null : filters.status,
    subject: filters.subject,
    stage: filters.stage,
    search: cleanOneLine(filters.q),
  });
  return summary || "all messages";
}

/**
 * An export leaves one entry in the change log: who took a copy of what visitors sent,
 * and of which filter. It is written when the export is accepted, before the file
 * streams (the file is read in many pieces, decision 015, so there is no one transaction
 * to share); an entry that cannot be written (the database busy or full) fails the
 * request, so no export goes unrecorded.
 */
export function recordMessagesExport(actor: string, filters: MessageFilters): void {
  recordAudit({ actor, entity: "message", action: "export", summary: messagesExportSummary(filters) });
}
