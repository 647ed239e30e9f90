import { and, asc, eq, inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import { VISIT_EVENT_ACTIONS, visitEventText, type ThreadItem } from "~/models/enquiry-thread";
import { repliesOf } from "~/models/message-replies.server";
import { VISITOR_ACTOR } from "~/models/visitor-visit-changes.server";

/**
 * The threads of some enquiries (enquiry-thread.ts): their replies and their visits'
 * events, oldest first, by message id. Two reads for a page of cards, each from an index
 * (message_replies by message, audit_log by entity and id).
 */
export function threadsOf(messageIds: number[]): Map<number, ThreadItem[]> {
  const entries = new Map<number, { time: number; item: ThreadItem }[]>();
  if (!messageIds.length) return new Map();
  const add = (messageId: number, time: Date, item: ThreadItem) => entries.set(messageId, [...(entries.get(messageId) ?? []), { time: time.getTime(), item }]);
  for (const [messageId, replies] of repliesOf(messageIds)) {
    for (const reply of replies) {
      add(messageId, reply.createdAt, { kind: "reply", id: reply.id, at: reply.createdAt.toISOString(), by: reply.sentBy, language: reply.language, subject: reply.subject, body: reply.body });
    }
  }
  const events = db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, "message"), inArray(auditLog.entityId, messageIds.map(String)), inArray(auditLog.action, [...VISIT_EVENT_ACTIONS])))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id))
    .all();
  for (const event of events) {
    const text = visitEventText(event.action, event.summary, event.actor === VISITOR_ACTOR);
    add(Number(event.entityId), event.createdAt, { kind: "event", id: event.id, at: event.createdAt.toISOString(), by: event.actor, text });
  }
  // Sorted by time: a reply and an event of the same millisecond keep the order they were read in.
  return new Map([...entries].map(([messageId, list]) => [messageId, list.sort((a, b) => a.time - b.time).map((entry) => entry.item)]));
}

export function threadOf(messageId: number): ThreadItem[] {
  return threadsOf([messageId]).get(messageId) ?? [];
}
