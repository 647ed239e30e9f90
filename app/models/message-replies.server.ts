import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { db, writeTransaction } from "~/db/client.server";
import { contactMessages, messageReplies, type ContactMessage } from "~/db/schema";
import { recordAudit } from "~/models/audit.server";
import { contactRecipient } from "~/models/configurations.server";
import { advanceStage } from "~/models/enquiry-stages.server";
import { enquiryHomeOf, replySubject } from "~/models/reply-drafts.server";
import type { ReplyInput } from "~/models/reply-form";
import { officeMailHtml } from "~/models/office-mail-html";
import { officeLines, translatorFor } from "~/models/visitor-mail.server";
import { queueMail, type OutgoingMail } from "~/services/mail/queue.server";
import { escapeHtml } from "~/utils/html";
import type { Language } from "~/utils/locale";

/**
 * Replies from the Messages tab (docs/product.md, "Replies"): staff write to the visitor
 * in the visitor's language (or the other, by choice). The reply is stored with the
 * enquiry and its mail queued in one write, from the site's sender with Reply-To the
 * office, so the visitor's answer reaches a person. Replying is the office's answer: a
 * new enquiry moves to replied and is marked handled.
 */

export type MessageReply = typeof messageReplies.$inferSelect;

export type ReplyOutcome = { kind: "not_found" } | { kind: "sent"; reply: MessageReply; message: ContactMessage };

export function sendReply(messageId: number, input: ReplyInput, actor: string, now = new Date()): ReplyOutcome {
  return writeTransaction((tx): ReplyOutcome => {
    const found = tx.select().from(contactMessages).where(eq(contactMessages.id, messageId)).get();
    if (!found) return { kind: "not_found" };
    const subject = replySubject(enquiryHomeOf(found, tx), input.language);
    const mailId = queueMail(replyMail(found.email, { subject, body: input.body, language: input.language }, contactRecipient(tx)), tx);
    const reply = tx
      .insert(messageReplies)
      .values({ messageId, language: input.language, template: input.template, subject, body: input.body, sentBy: actor, mailId, createdAt: now })
      .returning()
      .get();
    advanceStage(tx, messageId, "replied", now);
    tx.update(contactMessages)
      .set({ handledAt: now, handledBy: actor })
      .where(and(eq(contactMessages.id, messageId), isNull(contactMessages.handledAt)))
      .run();
    recordAudit({ actor, entity: "message", entityId: messageId, action: "reply", summary: `language: ${input.language}; ready answer: ${input.template ?? "none"}` }, tx);
    const message = tx.select().from(contactMessages).where(eq(contactMessages.id, messageId)).get()!;
    return { kind: "sent", reply, message };
  });
}

/** The replies of some enquiries, oldest first: message id to its replies. */
export function repliesOf(messageIds: number[]): Map<number, MessageReply[]> {
  const byMessage = new Map<number, MessageReply[]>();
  if (!messageIds.length) return byMessage;
  const rows = db().select().from(messageReplies).where(inArray(messageReplies.messageId, messageIds)).orderBy(asc(messageReplies.createdAt), asc(messageReplies.id)).all();
  for (const row of rows) byMessage.set(row.messageId, [...(byMessage.get(row.messageId) ?? []), row]);
  return byMessage;
}

/** A reply as the JSON calls answer it. */
export function replyJson(reply: MessageReply) {
  return {
    id: reply.id,
    messageId: reply.messageId,
    language: reply.language,
    template: reply.template,
    subject: reply.subject,
    body: reply.body,
    sentBy: reply.sentBy,
    createdAt: reply.createdAt.toISOString(),
  };
}

// An address in the text, up to a space or a character that cannot end one.
const WEB_ADDRESS = /https?:\/\/[^\s<>"]*[^\s<>".,;:!?)'’]/g;

/** A paragraph's HTML: its lines kept, its web addresses linked. */
function paragraphHtml(paragraph: string): string {
  let html = "";
  let at = 0;
  for (const match of paragraph.matchAll(WEB_ADDRESS)) {
    const address = match[0];
    html += `${escapeHtml(paragraph.slice(at, match.index))}<a href="${escapeHtml(address)}">${escapeHtml(address)}</a>`;
    at = match.index + address.length;
  }
  html += escapeHtml(paragraph.slice(at));
  return `<p>${html.replace(/\n/g, "<br>")}</p>`;
}

/**
 * The mail of a reply: the text as staff wrote it, then the office's phone and hours in
 * the reply's language. From the site's sender; a reply to it goes to the office.
 */
export function replyMail(to: string, reply: { subject: string; body: string; language: Language }, office: string): OutgoingMail {
  const t = translatorFor(reply.language);
  const lines = officeLines(t, reply.language, { phone: true, visits: false });
  const paragraphs = reply.body.replace(/\r\n?/g, "\n").split(/\n[ \t]*\n+/).map((paragraph) => paragraph.trim()).filter(Boolean);
  const footer = lines.length ? [t("reply.mail.office.intro"), ...lines.map((line) => `- ${line}`)] : [];
  const text = [...paragraphs.flatMap((paragraph) => [paragraph, ""]), ...footer].join("\n").trimEnd();
  const html = officeMailHtml([
    ...paragraphs.map(paragraphHtml),
    ...(lines.length ? [`<p style="margin-top:20px;color:#475569">${escapeHtml(t("reply.mail.office.intro"))}</p><ul style="color:#475569">${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`] : []),
  ]);
  return { to, subject: reply.subject, text, html, replyTo: office };
}
