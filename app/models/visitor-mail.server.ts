import type { ContactMessage } from "~/db/schema";
import { getDictionary } from "~/models/texts.server";
import { visitingHours } from "~/models/visiting-hours.server";
import { visitingHoursSummary } from "~/models/visiting-hours";
import { cleanOneLine } from "~/utils/control-characters";
import { escapeHtml } from "~/utils/html";
import type { Language } from "~/utils/locale";
import { createTranslate, type Translate } from "~/utils/translate";

/**
 * What every mail to a visitor shares (the visit mails, the instant reply to a message):
 * their language's texts from the dictionary, the greeting, the office's phone and hours,
 * and a body of paragraphs and lists as text and HTML. Nothing the visitor typed goes in
 * unless their inbox has confirmed something (docs/decisions/063).
 */

/**
 * How a mail to the visitor is written: `greetByName`, whether it may greet them by the
 * name they typed: only when their inbox has confirmed something (docs/decisions/063;
 * otherwise anyone could make the site mail text of their choosing to any address under
 * the office's name); `office`, the office's contact address, which a reply goes to (the
 * sender is the site's no-reply address); `link`, the visitor's own link to the visit.
 */
export type Greeting = { greetByName: boolean; office: string; link: string | null };

export function translatorFor(language: Language): Translate {
  return createTranslate(getDictionary()[language], language);
}

export const languageOf = (message: Pick<ContactMessage, "language">): Language => message.language ?? "en";

export function greetingOf(t: Translate, message: Pick<ContactMessage, "firstName">, { greetByName }: Pick<Greeting, "greetByName">): string {
  return greetByName ? t("visit.mail.greeting", undefined, { name: cleanOneLine(message.firstName) }) : t("visit.mail.greeting_unnamed");
}

/** A site text in the language, the English where it is blank. */
function siteText(key: string, language: Language): string {
  return getDictionary()[language][key]?.trim() || getDictionary().en[key] || "";
}

/** The office's phone as the site's texts give it. */
export function officePhone(language: Language): string {
  return siteText("contact.phone", language);
}

/**
 * The office's lines: its phone (unless the mail already gave it), its hours (the site's
 * text, as the Contact section shows them) and, with `visits`, the visiting hours of the
 * Settings tab in words ('Monday–Saturday, 9:00 AM to 5:00 PM').
 */
export function officeLines(t: Translate, language: Language, options: { phone: boolean; visits: boolean }): string[] {
  const phone = officePhone(language);
  const hours = siteText("contact.hours", language);
  return [
    ...(options.phone && phone ? [t("reply.mail.office.phone", undefined, { phone })] : []),
    ...(hours ? [t("reply.mail.office.hours", undefined, { hours })] : []),
    ...(options.visits ? [t("reply.mail.office.visits", undefined, { hours: t("contact.visiting_hours", undefined, visitingHoursSummary(visitingHours(), language)) })] : []),
  ];
}

/** A line of a list that names a page: its text says the address, the HTML links it. */
export type MailLink = { text: string; url: string };
export type MailItem = string | MailLink;
type MailList = { after: number; items: MailItem[] };

const itemText = (item: MailItem) => (typeof item === "string" ? item : item.text);

function itemHtml(item: MailItem): string {
  if (typeof item === "string") return escapeHtml(item);
  const at = item.text.lastIndexOf(item.url);
  if (at < 0) return `<a href="${escapeHtml(item.url)}">${escapeHtml(item.text)}</a>`;
  const before = item.text.slice(0, at);
  const after = item.text.slice(at + item.url.length);
  return `${escapeHtml(before)}<a href="${escapeHtml(item.url)}">${escapeHtml(item.url)}</a>${escapeHtml(after)}`;
}

/**
 * A mail of paragraphs, with lists after some of them (`after`: how many paragraphs come
 * before it), as text and as HTML.
 */
export function paragraphsMail(parts: { paragraphs: string[]; list?: MailList; lists?: MailList[] }): { text: string; html: string } {
  const lists = [...(parts.list ? [parts.list] : []), ...(parts.lists ?? [])].filter((list) => list.items.length);
  const textLines: string[] = [];
  const htmlParts: string[] = [];
  const listsAfter = (count: number) => {
    for (const list of lists.filter((candidate) => candidate.after === count)) {
      textLines.push(...list.items.map((item) => `- ${itemText(item)}`), "");
      htmlParts.push(`<ul>${list.items.map((item) => `<li>${itemHtml(item)}</li>`).join("")}</ul>`);
    }
  };
  parts.paragraphs.forEach((paragraph, index) => {
    textLines.push(paragraph, "");
    htmlParts.push(`<p>${escapeHtml(paragraph)}</p>`);
    listsAfter(index + 1);
  });
  return {
    text: textLines.join("\n").trimEnd(),
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1e293b">${htmlParts.join("")}</body></html>`,
  };
}
