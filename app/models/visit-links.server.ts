import { eq } from "drizzle-orm";
import { config } from "~/config/env.server";
import { db, type Transaction } from "~/db/client.server";
import { contactMessages, visitLinks, visitRequests, type ContactMessage, type VisitRequest } from "~/db/schema";
import { contactRecipient } from "~/models/configurations.server";
import { hasConfirmedMailbox } from "~/models/search-alerts.server";
import { VISIT_LENGTH_MS } from "~/models/visiting-hours";
import { VISITOR_VISIT_PATH } from "~/paths";
import { mailboxOf } from "~/utils/mailbox";
import { hashOfToken, isTokenShaped, newSecretToken } from "~/utils/secret-tokens.server";

/**
 * The visitor's own link to their visit (docs/product.md, "The visitor's link"): every
 * mail to the visitor carries one, a token of its own that opens the visit's page, where
 * they may cancel it or choose another time. The database keeps the token's SHA-256 only;
 * a link works until the visit is past.
 */

type Reader = Pick<ReturnType<typeof db>, "select">;
type Visit = { message: ContactMessage; visit: VisitRequest };

/** A new link to the visit, stored (hashed) in `tx` with the mail that carries it. */
export function newVisitLink(message: Pick<ContactMessage, "id" | "language">, tx: Transaction): string {
  const token = newSecretToken();
  tx.insert(visitLinks).values({ tokenHash: hashOfToken(token), messageId: message.id }).run();
  const url = new URL(VISITOR_VISIT_PATH, config().appUrl);
  url.searchParams.set("token", token);
  if (message.language === "es") url.searchParams.set("lng", "es");
  return url.toString();
}

/** The visit a link's token opens, whatever its state; undefined for a token that is not one of ours. */
export function visitOfLink(token: unknown, reader: Reader = db()): Visit | undefined {
  if (!isTokenShaped(token)) return undefined;
  return reader
    .select({ message: contactMessages, visit: visitRequests })
    .from(visitLinks)
    .innerJoin(visitRequests, eq(visitRequests.messageId, visitLinks.messageId))
    .innerJoin(contactMessages, eq(contactMessages.id, visitLinks.messageId))
    .where(eq(visitLinks.tokenHash, hashOfToken(token)))
    .get();
}

/** When a visit is over: the end of its confirmed hour, or of the last hour asked for while none is confirmed. */
export function visitEndsAt(visit: VisitRequest): number {
  const start = visit.confirmedTime?.getTime() ?? Math.max(...visit.times);
  return start + VISIT_LENGTH_MS;
}

export function isVisitPast(visit: VisitRequest, now = Date.now()): boolean {
  return visitEndsAt(visit) <= now;
}

/**
 * How a mail to the visitor is written (visit-mails.server.ts's Greeting): by name only
 * when their inbox has confirmed something (decision 063), Reply-To the office, and a new
 * link to their visit unless `withLink` is false (a visit that can no longer change).
 */
export function visitorGreeting(message: ContactMessage, tx: Transaction, withLink = true) {
  return {
    greetByName: hasConfirmedMailbox(mailboxOf(message.email), tx),
    office: contactRecipient(tx),
    link: withLink ? newVisitLink(message, tx) : null,
  };
}
