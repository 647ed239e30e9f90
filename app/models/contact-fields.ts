/**
 * The contact form's fields and limits without zod: what the home page's first load
 * needs (the form's markup and its native constraints). The schema that checks them is
 * `contact-schema.ts`; the browser loads it only when the form is about to be used.
 */

export const CONTACT_SUBJECTS = ["property-management", "investment", "development", "rental-inquiry", "other"] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

/**
 * Every kind of message the Messages tab lists and filters: the contact form's subjects
 * and 'visit-request', which only the visit form writes (the contact form cannot choose it).
 */
export const MESSAGE_SUBJECTS = [...CONTACT_SUBJECTS, "visit-request"] as const;
export type MessageSubject = (typeof MESSAGE_SUBJECTS)[number];

export const CONTACT_LIMITS = { name: 100, email: 254, phone: 30, message: 5000 } as const;

/** The honeypot's field name: people never see it, form-filling bots do. */
export const HONEYPOT_FIELD = "website";

/**
 * The fields' native constraints, as conform's getZodConstraint(contactSchema) gives
 * them (a unit test keeps the two equal), written out so the page needs no zod to render.
 */
export const CONTACT_CONSTRAINT = {
  firstName: { required: true, minLength: 1, maxLength: CONTACT_LIMITS.name },
  lastName: { required: true, minLength: 1, maxLength: CONTACT_LIMITS.name },
  email: { required: true, maxLength: CONTACT_LIMITS.email },
  phone: { required: false, maxLength: CONTACT_LIMITS.phone },
  subject: { required: true, pattern: CONTACT_SUBJECTS.map((subject) => subject.replace(/-/g, "\\x2d")).join("|") },
  message: { required: true, minLength: 1, maxLength: CONTACT_LIMITS.message },
  propertyId: { required: false },
};
