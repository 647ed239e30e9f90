import { cleanOneLine } from "~/utils/control-characters";

/**
 * The office's texts for deciding a visit request (Messages tab and the admin JSON calls,
 * English like the rest of the back office). Not a .server module: the tab shows them.
 */
export const VISIT_DECISION_MESSAGES = {
  confirmed: "Visit confirmed: the visitor gets an e-mail with the time and a calendar file",
  declined: "Visit declined: the visitor gets a polite e-mail",
  notFound: "That visit request does not exist",
  alreadyDecided: (status: string) => `This visit request is already ${status}`,
  invalid: "The time is not valid",
  timeRequired: "Give the time as an ISO 8601 date-time with its offset, e.g. 2026-12-01T10:00:00-06:00",
  timeOutside: "Choose one of the times asked for, or a future time within the visiting hours",
  chooseTime: "Choose one of the times or enter another time",
  homeClosed: "This home is no longer on the public site (rented, sold or off the market), so the visit cannot be confirmed: decline it instead",
  clash: (visits: string) => `Another visit is confirmed at this time: ${visits}. To confirm this one as well, tick 'Confirm anyway' and confirm again.`,
  clashJson: "Another visit is confirmed at this time. To confirm this one as well, send the call again with \"confirmAnyway\": true.",
  meetingNoteTooLong: "The meeting note can be at most 200 characters",
  meetingNoteNotText: "meetingNote must be a string of at most 200 characters",
  noteTooLong: "The note can be at most 200 characters",
} as const;

/** The panel's optional note for the visitor ("Meet at the community office"), sent in their mails and calendar entry. */
export const MEETING_NOTE_FIELD = "meetingNote";
export const MEETING_NOTE_MAX = 200;

/** A meeting note as sent (absent or blank: none), made one line; undefined when it is not text or too long. */
export function meetingNoteOf(value: unknown): string | null | undefined {
  if (value === undefined || value === null) return null;
  if (typeof value !== "string") return undefined;
  const note = cleanOneLine(value);
  if (note.length > MEETING_NOTE_MAX) return undefined;
  return note || null;
}

/** Why the office declines, as the visitor's mail says it. */
export const DECLINE_REASONS = [
  { value: "times", label: "None of the times asked for can be arranged" },
  { value: "home", label: "The home can no longer be visited" },
  { value: "other", label: "Another reason (say it in the note)" },
] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number]["value"];
export const isDeclineReason = (value: unknown): value is DeclineReason => DECLINE_REASONS.some((reason) => reason.value === value);

/** The Decline dialog's fields. */
export const DECLINE_FIELDS = { reason: "reason", note: "note", suggest: "suggestTimes" } as const;

/** The panel's checkbox that confirms a time other visits are confirmed at. */
export const CONFIRM_ANYWAY_FIELD = "confirmAnyway";

/** Another confirmed visit as the office reads it: "Cedar Ridge, Lot 3 (Tuesday, December 1, 2026, 10:00 AM CST)". */
export type ClashItem = { home: string; time: string };
export const clashesInWords = (clashes: ClashItem[]) => clashes.map((clash) => `${clash.home} (${clash.time})`).join("; ");

/** The panel's radio value for "Another time". */
export const OTHER_TIME = "other";

/** What a Messages tab card shows of a visit request: times as ISO (the radio's value) and in words. */
export type VisitCardItem = {
  status: "requested" | "confirmed" | "declined" | "cancelled";
  /** `booked`: the other confirmed visits at that time, which confirming this one would double. */
  times: { value: string; label: string; booked: ClashItem[] }[];
  confirmed: string | null;
  meetingNote: string | null;
  /** Cancelled by the visitor from their link (else, by the office when the home left the market). */
  cancelledByVisitor: boolean;
  decided: { by: string; on: string } | null;
};
