import { and, eq, lt } from "drizzle-orm";
import { config } from "~/config/env.server";
import { log } from "~/config/logger.server";
import type { db, Transaction } from "~/db/client.server";
import { instantReplies, properties, type ContactMessage, type Property } from "~/db/schema";
import { contactRecipient } from "~/models/configurations.server";
import { estimatedMonthlyTotal, isRental } from "~/models/home-facts";
import { factsOf } from "~/models/home-facts.server";
import { lifeOf, localizedListing, statusText } from "~/models/listing";
import { dollars } from "~/models/listing-costs";
import { hasConfirmedMailbox } from "~/models/search-alerts.server";
import { officeDay } from "~/models/visiting-hours";
import { greetingOf, languageOf, officeLines, paragraphsMail, translatorFor, type Greeting, type MailLink } from "~/models/visitor-mail.server";
import { propertyPath, RENTAL_CRITERIA_PATH, visitPath } from "~/paths";
import { queueMail, type OutgoingMail } from "~/services/mail/queue.server";
import { cleanOneLine } from "~/utils/control-characters";
import { formatIsoDate } from "~/utils/dates";
import { absoluteUrl, languageHref } from "~/utils/language-urls";
import type { Language } from "~/utils/locale";
import { mailboxOf } from "~/utils/mailbox";
import type { Translate } from "~/utils/translate";

/**
 * The instant reply (docs/product.md, "The instant reply"): within seconds of a message
 * about a home, its visitor is mailed the home's key facts and links in their language; a
 * general message gets a short acknowledgement. Queued in the transaction that stores the
 * message (store first, then mail), once per inbox and home (or general) an office day and
 * at most INSTANT_REPLIES_PER_INBOX_PER_DAY an inbox a day across homes, claimed in
 * `instant_replies` so two processes never send it twice. It carries nothing
 * the visitor typed unless their inbox has confirmed something (decision 063). A visit
 * request's instant reply is its "We received your visit request" mail, which carries the
 * same facts (visit-mails.server.ts, decision 084).
 */

type Reader = Pick<ReturnType<typeof db>, "select">;

/** The home id a general message's claim is kept under. */
const GENERAL = 0;

// A stranger could name anyone's address and ask about many homes: whatever the homes,
// one inbox gets at most this many instant replies (about homes, the general
// acknowledgement, a visit request's) an office day. A message past it is stored and
// reaches the office as usual, without the reply.
export const INSTANT_REPLIES_PER_INBOX_PER_DAY = 3;

/**
 * How a claim of today's reply ended: "claimed" (the caller queues it), "sent" (the inbox
 * had the reply about this home, or the acknowledgement, today) or "inbox_full" (it had
 * its INSTANT_REPLIES_PER_INBOX_PER_DAY today).
 */
export type ReplyClaim = "claimed" | "sent" | "inbox_full";

/**
 * Claims today's reply to `email`'s inbox about a home (null: a general message), counting
 * the inbox's claims of the day in the same write transaction, so that two processes
 * never both take the last one.
 */
export function claimInstantReply(email: string, homeId: number | null, tx: Transaction, now = Date.now()): ReplyClaim {
  const day = officeDay(now);
  const mailbox = mailboxOf(email);
  const home = homeId ?? GENERAL;
  tx.delete(instantReplies).where(lt(instantReplies.day, day)).run();
  // The primary key (mailbox, home_id, day) finds the inbox's rows; the table holds one day.
  const today = tx
    .select({ homeId: instantReplies.homeId })
    .from(instantReplies)
    .where(and(eq(instantReplies.mailbox, mailbox), eq(instantReplies.day, day)))
    .all();
  if (today.some((claim) => claim.homeId === home)) return "sent";
  if (today.length >= INSTANT_REPLIES_PER_INBOX_PER_DAY) return "inbox_full";
  tx.insert(instantReplies).values({ mailbox, homeId: home, day, queuedAt: new Date(now) }).run();
  return "claimed";
}

/** A home on the public site, as the instant reply reads it; undefined for any other. */
export function replyHomeOf(propertyId: number, reader: Reader): Property | undefined {
  return reader
    .select()
    .from(properties)
    .where(and(eq(properties.id, propertyId), eq(properties.isActive, true)))
    .get();
}

/** An absolute link to a page of the site in the language (the Spanish one carries ?lng=es). */
function pageLink(t: Translate, key: string, path: string, language: Language): MailLink {
  const url = absoluteUrl(config().appUrl, languageHref(path, language));
  return { text: t(key, undefined, { url }), url };
}

/**
 * What the mail says of a home, in the visitor's language: its key facts a line each (the
 * price as its page shows it, the estimated monthly total of a monthly price, beds and
 * baths, where it is in its life) and links to its page, the rental criteria (a rental
 * only, as its page) and, with `schedule`, its visit form (not while an application is
 * pending: it takes no visit requests then).
 */
export function homeDetails(t: Translate, home: Property, language: Language, options: { schedule: boolean }): { facts: string[]; links: MailLink[] } {
  const shown = localizedListing(home, language);
  const life = lifeOf(home, formatIsoDate());
  const facts = factsOf(home);
  const total = estimatedMonthlyTotal(facts);
  const price = cleanOneLine(shown.forSale ? `${shown.price} (${t("properties.for_sale")})` : shown.price);
  const status = life.status ? statusText(life, t, language) : t("compare.available_now");
  return {
    facts: [
      t("reply.mail.fact.price", undefined, { price }),
      ...(total === null ? [] : [t("reply.mail.fact.monthly_total", undefined, { amount: dollars(total) })]),
      t("reply.mail.fact.rooms", undefined, { beds: cleanOneLine(shown.beds), baths: cleanOneLine(shown.baths) }),
      t("reply.mail.fact.status", undefined, { status }),
    ],
    links: [
      pageLink(t, "reply.mail.link.home", propertyPath(home.id), language),
      ...(isRental(facts) ? [pageLink(t, "reply.mail.link.criteria", RENTAL_CRITERIA_PATH, language)] : []),
      ...(options.schedule && home.status !== "pending" ? [pageLink(t, "reply.mail.link.visit", visitPath(home.id), language)] : []),
    ],
  };
}

/** To a visitor who asked about a home: its facts and links, the office's phone and hours. */
export function homeReplyMail(message: ContactMessage, home: Property, greeting: Omit<Greeting, "link">): OutgoingMail {
  const language = languageOf(message);
  const t = translatorFor(language);
  const name = cleanOneLine(home.name);
  const { facts, links } = homeDetails(t, home, language, { schedule: true });
  const body = paragraphsMail({
    paragraphs: [
      greetingOf(t, message, greeting),
      t("reply.mail.home.intro", undefined, { home: name, address: cleanOneLine(home.location) }),
      t("reply.mail.home.links"),
      t("reply.mail.office.intro"),
      t("visit.mail.signature"),
    ],
    lists: [
      { after: 2, items: facts },
      { after: 3, items: links },
      { after: 4, items: officeLines(t, language, { phone: true, visits: true }) },
    ],
  });
  return { to: message.email, subject: t("reply.mail.home.subject", undefined, { home: name }), ...body, replyTo: greeting.office };
}

/** To a visitor who sent a general message: received, and the office's phone and hours. */
export function acknowledgementMail(message: ContactMessage, greeting: Omit<Greeting, "link">): OutgoingMail {
  const language = languageOf(message);
  const t = translatorFor(language);
  const body = paragraphsMail({
    paragraphs: [greetingOf(t, message, greeting), t("reply.mail.general.intro"), t("reply.mail.general.call"), t("visit.mail.signature")],
    list: { after: 3, items: officeLines(t, language, { phone: true, visits: false }) },
  });
  return { to: message.email, subject: t("reply.mail.general.subject"), ...body, replyTo: greeting.office };
}

/**
 * Queues a stored message's instant reply in its transaction, unless its inbox had the
 * reply about that home (or its general acknowledgement), or its day's replies, today.
 */
export function queueInstantReply(message: ContactMessage, tx: Transaction): void {
  const home = message.propertyId === null ? undefined : replyHomeOf(message.propertyId, tx);
  const claim = claimInstantReply(message.email, home?.id ?? null, tx);
  if (claim === "inbox_full") log.info("instant reply: the inbox had its replies for the day, message stored without the visitor's reply");
  if (claim !== "claimed") return;
  const greeting = { greetByName: hasConfirmedMailbox(mailboxOf(message.email), tx), office: contactRecipient(tx) };
  queueMail(home ? homeReplyMail(message, home, greeting) : acknowledgementMail(message, greeting), tx);
}
