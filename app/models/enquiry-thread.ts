import { parseOffsetDateTime, visitTimeLabel } from "~/models/visiting-hours";

/**
 * An enquiry's thread as the Messages tab shows it (docs/product.md, "Replies"): after the
 * visitor's message, the office's replies and the visit's events (from the change log),
 * oldest first. Not a .server module: the card and the dialog render it.
 */

export type ThreadItem =
  | { kind: "reply"; id: number; at: string; by: string; language: "en" | "es"; subject: string; body: string }
  | { kind: "event"; id: number; at: string; by: string; text: string };

/** The change log's actions that are a visit's events, in the thread. */
export const VISIT_EVENT_ACTIONS = ["visit-confirmed", "visit-declined", "visit-cancelled", "visit-moved", "visit-asked-again"] as const;

/** The time a change log entry names ("time: 2026-12-01T09:00:00.000-06:00"), as the office reads it. */
function timeIn(summary: string): string | null {
  const time = parseOffsetDateTime(/time(?: asked for)?: (\S+?)[,;]?(?:\s|$)/.exec(summary)?.[1]);
  return time === null ? null : visitTimeLabel(time, "en");
}

/** A visit's event in words: "Visit confirmed for Tuesday, December 1, 2026 at 9:00 AM CST". */
export function visitEventText(action: string, summary: string, byVisitor: boolean): string {
  const time = timeIn(summary);
  switch (action) {
    case "visit-confirmed":
      return time ? `Visit confirmed for ${time}` : "Visit confirmed";
    case "visit-declined":
      return "Visit declined";
    case "visit-cancelled":
      return byVisitor ? "The visitor cancelled the visit" : "Visit cancelled";
    case "visit-moved":
      return time ? `The visitor moved the visit to ${time}` : "The visitor moved the visit";
    case "visit-asked-again":
      return time ? `The visitor asked for another time: ${time}` : "The visitor asked for another time";
    default:
      return action;
  }
}
