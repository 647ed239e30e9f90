import { DICTIONARY } from "~/db/dictionary";
import { BUSY_RETRY_AFTER_SECONDS, DATABASE_FAULT_STATUS, databaseFaultOfStatus, databaseFaultTextKeys, type DatabaseFault } from "~/db/faults";
import type { Language } from "~/utils/locale";
import { NO_STORE } from "./no-store";

// The seeded texts, not the text_entries table: an answer saying the database cannot be
// used must not need the database. (Pages still show an admin's edited wording: their
// error boundary looks the keys up in the dictionary the root loader sent.)
const SEEDED = new Map(DICTIONARY.map((entry) => [entry.key, entry]));

const seeded = (key: string, language: Language) => SEEDED.get(key)?.[language] ?? key;

/** A fault's title and text, and the words of the link home, in the visitor's language. */
export function databaseFaultTexts(fault: DatabaseFault, language: Language): { title: string; text: string; home: string } {
  const keys = databaseFaultTextKeys(fault);
  return { title: seeded(keys.title, language), text: seeded(keys.text, language), home: seeded("error.home", language) };
}

/** Every fault answer's headers: never stored by any cache, and (busy) when to come back. */
export function databaseFaultHeaders(fault: DatabaseFault): Record<string, string> {
  const headers: Record<string, string> = { ...NO_STORE };
  if (fault === "busy") headers["Retry-After"] = String(BUSY_RETRY_AFTER_SECONDS);
  return headers;
}

/** The status and headers of a fault's answer, for an action that answers its form with the message. */
export function databaseFaultInit(fault: DatabaseFault): { status: number; headers: Record<string, string> } {
  return { status: DATABASE_FAULT_STATUS[fault], headers: databaseFaultHeaders(fault) };
}

/**
 * The JSON answer to a fault: {"error": text}, the fault's status and headers. A page's
 * error boundary also gets the title (`page`), for when the root loader failed too.
 */
export function databaseFaultJson(fault: DatabaseFault, language: Language, options: { page?: boolean; error?: string } = {}): Response {
  const texts = databaseFaultTexts(fault, language);
  const body = options.page ? { error: options.error ?? texts.text, title: texts.title } : { error: options.error ?? texts.text };
  return new Response(JSON.stringify(body), {
    status: DATABASE_FAULT_STATUS[fault],
    headers: { "Content-Type": "application/json; charset=utf-8", ...databaseFaultHeaders(fault) },
  });
}

/**
 * The answer with its fault's headers when its status is a fault's (503, 507; never stored,
 * and a Retry-After where it has none): a page's
 * error boundary keeps none of the headers of the answer its loader or action threw, only
 * its cookies, so a page saying "busy" would lose its Retry-After.
 */
export function withDatabaseFaultHeaders(response: Response): Response {
  const fault = databaseFaultOfStatus(response.status);
  if (!fault) return response;
  const headers = new Headers(response.headers);
  // A Retry-After already given stays: another 503 (the file store down) has its own.
  for (const [name, value] of Object.entries(databaseFaultHeaders(fault))) {
    if (name !== "Retry-After" || !headers.has(name)) headers.set(name, value);
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
