import { desc, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { configurations, contactMessages, type ContactMessage } from "~/db/schema";
import { getDictionary } from "~/models/texts.server";
import { queueMail } from "~/services/mail.server";
import type { ContactInput } from "~/utils/contact-schema";
import { config } from "~/utils/env.server";

export const CONTACT_EMAIL_KEY = "contact_email";

type Reader = Pick<ReturnType<typeof db>, "select">;

/** The contact_email setting when it holds an address, else MAIL_FROM (CONTRACT.md). */
export function contactRecipient(reader: Reader = db()): string {
  const setting = reader
    .select({ value: configurations.value })
    .from(configurations)
    .where(eq(configurations.key, CONTACT_EMAIL_KEY))
    .get();
  return setting?.value.trim() || config().mailFrom;
}

/**
 * Stores a contact message and queues its notification in one transaction: the
 * message is never lost to a mail problem, and never stored without its mail.
 */
export function recordContactMessage(input: ContactInput): ContactMessage {
  return db().transaction((tx) => {
    const message = tx
      .insert(contactMessages)
      .values({
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone ?? null,
        subject: input.subject,
        message: input.message,
      })
      .returning()
      .get();
    queueMail(contactNotification(message, contactRecipient(tx)), tx);
    return message;
  });
}

/** Newest first, for the back office. */
export function listContactMessages(): ContactMessage[] {
  return db().select().from(contactMessages).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)).all();
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

function subjectLabel(subject: string): string {
  return getDictionary().en[`contact.form.subject.${subject}`] ?? subject;
}

/** Header values are one line: a name with line breaks must not start a new header. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

export function contactNotification(message: ContactMessage, recipient: string) {
  const fullName = oneLine(`${message.firstName} ${message.lastName}`);
  const label = subjectLabel(message.subject);
  const received = message.createdAt.toISOString();
  const fields: [string, string][] = [
    ["Name", fullName],
    ["Email", message.email],
    ["Phone", message.phone ?? "(not given)"],
    ["Subject", label],
    ["Received", received],
  ];

  const text = [
    "A new message arrived through the website's contact form.",
    "",
    `First name: ${message.firstName}`,
    `Last name: ${message.lastName}`,
    ...fields.slice(1).map(([name, value]) => `${name}: ${value}`),
    "",
    "Message:",
    message.message,
    "",
    `Reply to this e-mail to answer ${fullName}.`,
  ].join("\n");

  const rows = [["First name", message.firstName], ["Last name", message.lastName], ...fields.slice(1)]
    .map(
      ([name, value]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0;color:#475569">${escapeHtml(name)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  const html = [
    '<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1e293b">',
    "<p>A new message arrived through the website's contact form.</p>",
    `<table role="presentation" style="border-collapse:collapse">${rows}</table>`,
    `<h2 style="font-size:16px;margin:20px 0 8px">Message</h2>`,
    `<p style="white-space:pre-wrap;margin:0">${escapeHtml(message.message)}</p>`,
    `<p style="margin-top:20px;color:#475569">Reply to this e-mail to answer ${escapeHtml(fullName)}.</p>`,
    "</body></html>",
  ].join("");

  return {
    to: recipient,
    subject: `New contact message: ${oneLine(label)} from ${fullName}`,
    text,
    html,
    replyTo: message.email,
  };
}
