import { SAVE_AS_FIELD } from "~/models/home-facts";
import { z } from "zod";
import { CONTACT_LIMITS, HONEYPOT_FIELD } from "~/models/contact-fields";
import { ALERT_FILTER_FIELDS } from "~/models/search-alert-form";
import { MAX_BROWSE_TEXT } from "~/models/browse-query";
import { contactSchema } from "~/models/contact-schema";
import { VISIT_CHOICES, visitVisitorSchema } from "~/models/visit-schema";
import { ENQUIRY_REMINDER_FIELD, REMINDER_HOUR_FIELD, VISITS_AT_ONCE_FIELD, WEEKDAYS, weekdayField } from "~/models/visiting-hours-form";
import { contactEmailSchema } from "~/models/contact-email-form";
import { faqFormSchema } from "~/models/faq-form";
import { propertyFormSchema, VISITS_TO_CALL_OFF_FIELD } from "~/models/property-form";
import { textEntrySchema } from "~/models/text-entry-form";
import { whitelistEmailSchema } from "~/models/whitelist-form";
import { SEARCH_ALERT_LIMIT_FIELD } from "~/models/search-alert-limit-form";
import { OFFICE_STATE_FIELD } from "~/models/office-state-form";
import { CONFIRM_ANYWAY_FIELD, DECLINE_FIELDS, MEETING_NOTE_FIELD, MEETING_NOTE_MAX } from "~/models/visit-decision-form";
import { PASSKEY_REQUIREMENT_FIELD } from "~/models/passkey-form";
import { ADDRESS_CHOICE_FIELD, FIND_ADDRESS_FIELD } from "~/services/address-search/address-search";
import { formBytesFor, type FormShape } from "~/utils/form-shape";
import { REPLY_FIELDS, REPLY_MAX_LENGTH } from "~/models/reply-form";
import { MOST_FILES_AT_ONCE } from "~/services/uploads/upload-rules";

/**
 * What each form of the site posts: its field names and its byte cap, for readForm
 * (form-body.server.ts). A form's names are its schema's keys plus its buttons and
 * hidden fields; a name missing here never reaches the action.
 */

/** The keys of an object schema, through any refinements around it. */
function namesOf(schema: z.ZodTypeAny): string[] {
  if (schema instanceof z.ZodEffects) return namesOf(schema.innerType());
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  throw new Error("a form's schema is an object");
}

/**
 * The staff forms with long texts (descriptions, answers, the dictionary's texts): the
 * server's own cap on any body (server/app.ts). They are behind sign-in.
 */
const STAFF_TEXT_FORM_BYTES = 1024 * 1024;
/** A form of ids and switches: a few short values. */
const SMALL_FORM_BYTES = formBytesFor(256);

// The longest subject value and the id of a home, beside the texts' own limits.
const CONTACT_CHOICES_CHARACTERS = 64;

/** The home page's contact form: the visitor's texts at their limits, the honeypot as long as a name. */
export const CONTACT_FORM: FormShape = {
  fields: [...namesOf(contactSchema), HONEYPOT_FIELD],
  maxBytes: formBytesFor(CONTACT_LIMITS.name * 3 + CONTACT_LIMITS.email + CONTACT_LIMITS.phone + CONTACT_LIMITS.message + CONTACT_CHOICES_CHARACTERS),
};

/** A visit request: the visitor, three day-and-hour choices, the page's language, the honeypot. */
export const VISIT_FORM: FormShape = {
  fields: [...namesOf(visitVisitorSchema), ...VISIT_CHOICES.flatMap((choice) => [choice.day, choice.hour]), "language", HONEYPOT_FIELD],
  maxBytes: formBytesFor(CONTACT_LIMITS.name * 3 + CONTACT_LIMITS.email + CONTACT_LIMITS.phone + CONTACT_LIMITS.message + CONTACT_CHOICES_CHARACTERS),
};

/** "Get alerts for this search": the address, the page's language, the search as the list's fields, the honeypot. */
export const SEARCH_ALERT_FORM: FormShape = {
  fields: ["email", "language", ...ALERT_FILTER_FIELDS, HONEYPOT_FIELD],
  maxBytes: formBytesFor(CONTACT_LIMITS.email + MAX_BROWSE_TEXT * 3 + 256),
};

/** A search alert's confirm, unsubscribe and manage buttons (the token is in the link); RFC 8058's one-click body. */
export const ALERT_LINK_FORM: FormShape = { fields: ["intent", "id", "List-Unsubscribe"], maxBytes: SMALL_FORM_BYTES };

export const WHITELIST_FORM: FormShape = { fields: namesOf(whitelistEmailSchema), maxBytes: SMALL_FORM_BYTES };
export const FAQ_FORM: FormShape = { fields: namesOf(faqFormSchema), maxBytes: STAFF_TEXT_FORM_BYTES };
export const TEXT_ENTRY_FORM: FormShape = { fields: namesOf(textEntrySchema), maxBytes: STAFF_TEXT_FORM_BYTES };
/** Settings: the contact address, the 'send a test e-mail' button, the visiting hours, the search alert limit, the office's state or the passkey requirement. */
export const CONTACT_EMAIL_FORM: FormShape = {
  fields: ["intent", ...namesOf(contactEmailSchema), ...WEEKDAYS.map((_, day) => weekdayField(day)), "from", "to", VISITS_AT_ONCE_FIELD, REMINDER_HOUR_FIELD, ENQUIRY_REMINDER_FIELD, SEARCH_ALERT_LIMIT_FIELD, OFFICE_STATE_FIELD, PASSKEY_REQUIREMENT_FIELD],
  maxBytes: SMALL_FORM_BYTES,
};
/** A property's form: its fields, 'Find' for addresses and the address picked, the main image's choice and file. */
export const PROPERTY_FORM: FormShape = {
  fields: [...namesOf(propertyFormSchema), FIND_ADDRESS_FIELD, ADDRESS_CHOICE_FIELD, VISITS_TO_CALL_OFF_FIELD, SAVE_AS_FIELD, "imageChoice", "file"],
  maxBytes: STAFF_TEXT_FORM_BYTES,
};
/** The upload dialogs: the file alone (its bytes are streamed under their own cap). */
export const UPLOAD_FORM: FormShape = { fields: ["file"], maxBytes: SMALL_FORM_BYTES };
/** The uploaders taking several files at once (the Media tab's, Property Images'). */
export const SEVERAL_UPLOADS_FORM: FormShape = { ...UPLOAD_FORM, repeats: { file: MOST_FILES_AT_ONCE } };
/** A media card's hero switch and unlink button. */
export const MEDIA_CARD_FORM: FormShape = { fields: ["intent", "id", "isHeroImage", "propertyId"], maxBytes: SMALL_FORM_BYTES };
export const MEDIA_LINK_FORM: FormShape = { fields: ["propertyId"], maxBytes: SMALL_FORM_BYTES };
/** A message card's 'mark handled / new' button, and a visit request's 'Confirm visit' / 'Decline' panel. */
export const MESSAGE_CARD_FORM: FormShape = {
  fields: ["id", "handled", "intent", "time", "otherTime", CONFIRM_ANYWAY_FIELD, MEETING_NOTE_FIELD, "stage", "reason"],
  // The visit panel's meeting note beside the ids and switches.
  maxBytes: formBytesFor(256 + MEETING_NOTE_MAX),
};
/** A reply from the Messages tab: its language, the ready answer it started from, and its text. */
export const REPLY_FORM: FormShape = { fields: Object.values(REPLY_FIELDS), maxBytes: formBytesFor(256 + REPLY_MAX_LENGTH) };
/** A visit request's Decline dialog: why, the office's note, and whether to suggest the free times. */
export const DECLINE_VISIT_FORM: FormShape = { fields: Object.values(DECLINE_FIELDS), maxBytes: formBytesFor(256 + MEETING_NOTE_MAX) };
/** The visitor's own visit page: 'Cancel this visit', or a free time chosen. */
export const VISITOR_VISIT_FORM: FormShape = { fields: ["intent", "time"], maxBytes: SMALL_FORM_BYTES };
/** A tab's 'Spanish is still correct' button. */
export const SPANISH_CONFIRMED_FORM: FormShape = { fields: ["intent", "id"], maxBytes: SMALL_FORM_BYTES };
/** A Save toggle (one home) or a shared list's 'Save all' (its ids), and the page to go back to. */
export const SAVED_HOMES_FORM: FormShape = { fields: ["intent", "id", "ids", "returnTo"], maxBytes: formBytesFor(4096) };
/** A property's media page: link, unlink, move or make main one item; a drag's move says the place it was dropped on. */
export const PROPERTY_MEDIA_FORM: FormShape = { fields: ["intent", "mediaId", "position"], maxBytes: SMALL_FORM_BYTES };
