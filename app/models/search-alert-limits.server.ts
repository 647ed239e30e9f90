import { and, eq, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { searchAlerts } from "~/db/schema";
import { saveSetting, wholeNumberSetting } from "~/models/configurations.server";
import { mailDomainOf } from "~/utils/mailbox";

/**
 * How many confirmed search alerts the site keeps (docs/product.md, search alerts): a few
 * per inbox, a bounded number per mail domain, and a total the office sets (Settings,
 * "search_alerts_limit"). Every confirmed alert costs a little at each publish and may
 * cost a mail a day; without caps a stranger with a catch-all domain could confirm
 * thousands in days.
 */

export const ALERTS_PER_MAILBOX = 10;
export const ALERTS_PER_DOMAIN = 50;
export const SEARCH_ALERTS_LIMIT_KEY = "search_alerts_limit";
export const DEFAULT_SEARCH_ALERTS_LIMIT = 5_000;

/**
 * The big public mail services, where thousands of unrelated people have an address: only
 * the per-inbox and total caps apply there. Anywhere else one domain is one owner, who
 * gets ALERTS_PER_DOMAIN.
 */
const PUBLIC_MAIL_DOMAINS = new Set([
  "gmail.com", "googlemail.com", "yahoo.com", "ymail.com", "hotmail.com", "outlook.com", "live.com", "msn.com",
  "icloud.com", "me.com", "mac.com", "aol.com", "att.net", "sbcglobal.net", "bellsouth.net", "comcast.net",
  "verizon.net", "charter.net", "cox.net", "proton.me", "protonmail.com", "gmx.com", "mail.com", "zoho.com",
]);

type Reader = Pick<ReturnType<typeof db>, "select">;

const SEARCH_ALERTS_LIMIT_DESCRIPTION = "The most confirmed search alerts the site keeps at once";

/** The Settings tab's "Update search alert limit", with its change log entry. */
export function saveSearchAlertsLimit(limit: number, updatedBy: string): number {
  saveSetting({ key: SEARCH_ALERTS_LIMIT_KEY, value: String(limit), description: SEARCH_ALERTS_LIMIT_DESCRIPTION }, updatedBy);
  return searchAlertsLimit();
}

/** The total the office set (a whole number from 1), or the default. */
export function searchAlertsLimit(reader: Reader = db()): number {
  return wholeNumberSetting(SEARCH_ALERTS_LIMIT_KEY, DEFAULT_SEARCH_ALERTS_LIMIT, undefined, reader);
}

const confirmedCount = (reader: Reader, condition?: SQL) =>
  reader
    .select({ n: sql<number>`count(*)` })
    .from(searchAlerts)
    .where(and(eq(searchAlerts.status, "confirmed"), condition))
    .get()?.n ?? 0;

export type AlertCap = "mailbox" | "domain" | "site";

/** Which cap one more confirmed alert for the inbox would pass, or null when it may be confirmed. */
export function alertCapReached(mailbox: string, reader: Reader = db()): AlertCap | null {
  if (confirmedCount(reader, eq(searchAlerts.mailbox, mailbox)) >= ALERTS_PER_MAILBOX) return "mailbox";
  const domain = mailDomainOf(mailbox);
  if (!PUBLIC_MAIL_DOMAINS.has(domain) && confirmedCount(reader, sql`substr(${searchAlerts.mailbox}, ${-(domain.length + 1)}) = ${`@${domain}`}`) >= ALERTS_PER_DOMAIN) return "domain";
  if (confirmedCount(reader) >= searchAlertsLimit(reader)) return "site";
  return null;
}
