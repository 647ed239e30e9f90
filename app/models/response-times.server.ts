import { and, count, eq, gte, isNotNull, min, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { contactMessages } from "~/db/schema";

const DAY_MS = 86_400_000;
export const RESPONSE_WINDOW_DAYS = 30;

/**
 * How fast the office answers (docs/product.md, "Stages"): the enquiries still new and
 * how long the oldest has waited, and the median time from an enquiry to its first
 * answer over those received in the last 30 days.
 */
export type ResponseFigures = { waiting: number; oldestWaitMs: number | null; medianFirstReplyMs: number | null; answered: number };

export function responseFigures(now = Date.now()): ResponseFigures {
  // Two reads, not one: alone, the oldest is one step into the index (stage, created_at),
  // where beside a count it was read from every waiting enquiry's entry.
  const isNew = eq(contactMessages.stage, "new");
  const waiting = {
    count: db().select({ count: count() }).from(contactMessages).where(isNew).get()?.count,
    oldest: db().select({ oldest: min(contactMessages.createdAt) }).from(contactMessages).where(isNew).get()?.oldest,
  };
  const recent = and(gte(contactMessages.createdAt, new Date(now - RESPONSE_WINDOW_DAYS * DAY_MS)), isNotNull(contactMessages.firstRepliedAt));
  const answered = db().select({ count: count() }).from(contactMessages).where(recent).get()?.count ?? 0;
  const wait = sql<number>`${contactMessages.firstRepliedAt} - ${contactMessages.createdAt}`;
  // The middle one (the lower of the two middle ones for an even count), by the database's sort.
  const median = answered
    ? db().select({ ms: wait }).from(contactMessages).where(recent).orderBy(wait).limit(1).offset(Math.floor((answered - 1) / 2)).get()?.ms ?? null
    : null;
  const oldest = waiting.oldest ? new Date(waiting.oldest).getTime() : null;
  return { waiting: waiting.count ?? 0, oldestWaitMs: oldest === null ? null : Math.max(0, now - oldest), medianFirstReplyMs: median, answered };
}
