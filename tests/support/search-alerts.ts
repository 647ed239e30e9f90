import { simpleParser, type ParsedMail } from "mailparser";
import { withServerDatabase, type RunningServer } from "./server";
import type { ReceivedMail, SmtpSink } from "./smtp";

/**
 * Search alerts from outside: the /properties form posted as a browser without
 * JavaScript posts it, the mails read with a well-kept MIME parser (mailparser), their
 * links found where the text part puts them (alone on a line), and the stored rows.
 */

export type AlertSearch = { q?: string; kind?: string; minPrice?: string; maxPrice?: string; beds?: string; baths?: string; sort?: string };

/** The form's fields for a search and an address. */
export function alertFields(email: string, search: AlertSearch, language = "es"): Record<string, string> {
  return {
    email,
    language,
    q: search.q ?? "",
    kind: search.kind ?? "",
    minPrice: search.minPrice ?? "",
    maxPrice: search.maxPrice ?? "",
    beds: search.beds ?? "",
    baths: search.baths ?? "",
    sort: search.sort ?? "newest",
    website: "",
  };
}

/** POST /properties?index (the page's action), as the form sends it without JavaScript. */
export function postAlertForm(app: RunningServer, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${app.url}/properties?index&lng=${fields.language || "en"}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url, ...headers },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

export const parseMail = (mail: ReceivedMail): Promise<ParsedMail> => simpleParser(mail.raw);

/** The mail's links that stand alone on a line of its text part and lead to `path`. */
export function linesLinkingTo(parsed: ParsedMail, path: string): string[] {
  return (parsed.text ?? "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => /^https?:\/\/\S+$/.test(line) && new URL(line).pathname === path);
}

export function confirmationLink(parsed: ParsedMail): string {
  const [link] = linesLinkingTo(parsed, "/alerts/confirm");
  if (!link) throw new Error(`no confirmation link in:\n${parsed.text}`);
  return link;
}

const addressedTo = (email: string) => (mail: ReceivedMail) => mail.to.some((to) => to.toLowerCase() === email.toLowerCase());

/** The mails the sink holds for the address, in order. */
export async function mailsTo(sink: SmtpSink, email: string): Promise<ParsedMail[]> {
  await sink.caughtUp();
  return Promise.all(sink.messages().filter(addressedTo(email)).map(parseMail));
}

/** Waits for the `nth` (1-based) mail to the address. */
export async function nthMailTo(sink: SmtpSink, email: string, nth: number, timeoutMs = 15_000): Promise<ParsedMail> {
  await sink.waitFor(() => sink.messages().filter(addressedTo(email)).length >= nth, timeoutMs);
  return parseMail(sink.messages().filter(addressedTo(email))[nth - 1]);
}

export type AlertRow = { id: number; email: string; language: string; filters: string; status: string; confirm_expires_at: number | null; last_sent_at: number | null; link_token: string; stopped_at: number | null };

export function alertRows(app: Pick<RunningServer, "databasePath">, email: string): AlertRow[] {
  return withServerDatabase(app, (db) => db.prepare("select * from search_alerts where email = ? order by id").all(email.toLowerCase()) as AlertRow[]);
}

export function waitingMatches(app: Pick<RunningServer, "databasePath">, email: string): { property_id: number; reason: string }[] {
  return withServerDatabase(
    app,
    (db) =>
      db
        .prepare("select m.property_id, m.reason from search_alert_matches m join search_alerts a on a.id = m.alert_id where a.email = ? order by m.matched_at")
        .all(email.toLowerCase()) as { property_id: number; reason: string }[],
  );
}

/** Mail rows queued for the address (sent or not). */
export function queuedMailCount(app: Pick<RunningServer, "databasePath">, email: string): number {
  return withServerDatabase(app, (db) => (db.prepare("select count(*) as n from mail_queue where recipient = ?").get(email.toLowerCase()) as { n: number }).n);
}

/** Moves the alert's last mail a day and a minute into the past: its next digest is due. */
export function aDayPassesFor(app: Pick<RunningServer, "databasePath">, email: string) {
  withServerDatabase(app, (db) => db.prepare("update search_alerts set last_sent_at = ? where email = ?").run(Date.now() - 24 * 3_600_000 - 60_000, email.toLowerCase()));
}

/** Confirms an alert as its owner would: the link's page, then its button. */
export async function confirmByLink(link: string): Promise<Response> {
  const url = new URL(link);
  return fetch(link, { method: "POST", headers: { Origin: url.origin, "Content-Type": "application/x-www-form-urlencoded" }, body: "" });
}
