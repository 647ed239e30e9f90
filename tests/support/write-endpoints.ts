import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT, withServerDatabase, type RunningServer } from "./server";
import { DEFAULT_VISITING_HOURS, visitDays, visitSlots, visitTimeIso } from "~/models/visiting-hours";

/**
 * Every way to change something on the site, for the tests that throw bad input and
 * other sites' requests at them (fuzz-writes, cross-site-writes): each Remix route with
 * an action, one entry per method it takes, plus the upload receiver that Express
 * answers before Remix. `actionRoutesOfBuild` reads the build, so a route added later
 * without an entry here fails those tests until it gets one.
 */

export type Fixture = {
  propertyId: number;
  mediaId: number;
  faqId: number;
  messageId: number;
  textEntryId: number;
  textEntryKey: string;
  /** Another address on the whitelist than the signed-in admin's. */
  whitelistId: number;
  /** A fresh signed upload URL (path and query) of the signed-in admin's, one per call. */
  uploadPath: () => Promise<string>;
};

/** What the body of an endpoint is: JSON, a form (urlencoded, or multipart where a file may come), or raw bytes. */
export type BodyKind = "json" | "form" | "upload-form" | "bytes";

/**
 * Who may call it: "admin" needs a session (401 JSON or a redirect to the login
 * without one), "public" anyone, "signed-url" whoever holds the URL's signature.
 */
export type Access = "admin" | "public" | "signed-url";

export type WriteEndpoint = {
  name: string;
  /** The Remix route ids it covers ("server:upload-receiver" for the Express one). */
  route: string;
  method: "POST" | "PUT" | "PATCH" | "DELETE";
  /** The path, with :faq, :property, :media, :message, :text, :whitelist, :key standing for ids. */
  template: string;
  kind: BodyKind;
  access: Access;
  /** The fields a well-formed body has, each with values it might plausibly hold. */
  fields: Record<string, string[]>;
  /** A body the endpoint accepts (as far as its fields go), for the cross-site matrix. */
  valid: (fixture: Fixture) => Record<string, unknown>;
  /** Signing out: an accepted request ends the session that sends it. */
  endsSession?: boolean;
  /** Changes nothing whatever it is sent (a 405 or 404 answer). */
  readOnly?: boolean;
};

const SPANISH_CONFIRMED_FIELDS = { intent: ["spanish-confirmed", "hero", ""], id: ["1", "0", "x", "99999999999999"] };

const FAQ_FIELDS = {
  question: ["How do I apply?", ""],
  answer: ["Online.", " "],
  questionSpanish: ["¿Cómo aplico?", ""],
  answerSpanish: ["En línea.", ""],
  sortOrder: ["0", "1", "-1", "1e3", "99999999999", "1.5", "abc"],
  isActive: ["on", "true", "false", "off", "yes"],
};
const PROPERTY_FIELDS = {
  name: ["Oak Park Lot 12", ""],
  location: ["Austin, TX", "Dallas", ""],
  latitude: ["30.27", "91", "-90", "NaN", "1e400", ""],
  longitude: ["-97.74", "181", "Infinity", ""],
  price: ["$1,150/mo", "$89,900", ""],
  priceSpanish: ["$1,150/mes", ""],
  priceAmount: ["1150", "$89,900", "-1", "1e12", "abc", ""],
  priceKind: ["rent", "sale", "lease", ""],
  imageUrl: ["/objects/public/a.jpg", "https://example.com/a.jpg", "//evil.test/a.jpg", "javascript:alert(1)", ""],
  applicationUrl: ["https://example.com/apply", "ftp://x", ""],
  beds: ["3", "Studio", ""],
  baths: ["2", "1.5", ""],
  sqft: ["1200", "1200-1400", ""],
  description: ["A home.", ""],
  descriptionSpanish: ["Una casa.", ""],
  isActive: ["on", "true", "false", "maybe"],
  intent: ["find-address", "save", ""],
  imageChoice: ["/objects/public/a.jpg", "upload", "url", ""],
};
const CONTACT_FIELDS = {
  firstName: ["Ana", ""],
  lastName: ["García", ""],
  email: ["ana@example.com", "not-an-address", ""],
  phone: ["(512) 555-0100", "abc", ""],
  subject: ["property-management", "rental-inquiry", "other", "nope"],
  message: ["I would like to know more.", ""],
  propertyId: ["1", "0", "-5", "abc", "99999999999999"],
  website: ["", "http://spam.test"],
};
const VISIT_FIELDS = {
  firstName: ["Ana", ""],
  lastName: ["García", ""],
  email: ["ana@example.com", "not-an-address", ""],
  phone: ["(512) 555-0100", "abc", ""],
  times: ["2026-12-01T10:00:00-06:00", "2026-12-01T10:00:00", "tomorrow", ""],
  message: ["Can I bring my family?", ""],
  language: ["en", "es", "fr", ""],
  website: ["", "http://spam.test"],
};
/** The first time a visitor may ask for under the default visiting hours. */
const firstVisitTime = () => visitTimeIso(visitSlots(DEFAULT_VISITING_HOURS)[0]);
const validVisit = () => ({ firstName: "Ana", lastName: "Matrix", email: "ana@example.com", times: [firstVisitTime()], language: "en" });
const VISIT_FORM_FIELDS = {
  ...Object.fromEntries(Object.entries(VISIT_FIELDS).filter(([name]) => name !== "times")),
  day1: ["2026-12-01", "tomorrow", ""],
  hour1: ["9", "20", "x", ""],
  day2: ["2026-12-02", ""],
  hour2: ["10", ""],
};
const PASSKEY_FIELDS = { name: ["Work laptop", "", "x".repeat(80)], response: ['{"id":"x"}', "x", ""] };
const ALERT_FORM_FIELDS = {
  email: ["ana@example.com", "x@", ""],
  language: ["en", "es", "fr", ""],
  q: ["Denton", ""],
  kind: ["rent", "sale", "x", ""],
  minPrice: ["800", "-5", "abc", ""],
  maxPrice: ["1500", "1e99", ""],
  beds: ["2", "99", ""],
  baths: ["1", "x", ""],
  sort: ["newest", "price-asc", "x", ""],
  website: ["", "http://spam.test"],
};
// Shaped like a link token, and no alert's.
const UNKNOWN_TOKEN = "A".repeat(43);
const validVisitForm = () => ({ firstName: "Ana", lastName: "Matrix", email: "ana@example.com", day1: visitDays(DEFAULT_VISITING_HOURS)[0], hour1: "10", language: "en" });
const MEDIA_UPLOAD_FIELDS = {
  filename: ["photo.jpg", "", "../../etc/passwd"],
  filePath: ["/objects/quarantine/abc", "/objects/public/a.jpg", "", "http://evil.test/x"],
  fileSize: ["1234", "-1", "1e20"],
  mimeType: ["image/jpeg", "text/html", ""],
};

const validProperty = () => ({
  name: "Fuzz Home",
  location: "Austin, TX",
  price: "$1,000/mo",
  imageUrl: "/objects/demo/home-1.webp",
  beds: "3",
  baths: "2",
  sqft: "1200",
  description: "A home.",
  isActive: "true",
});
const validContact = () => ({
  firstName: "Ana",
  lastName: "Matrix",
  email: "ana@example.com",
  subject: "other",
  message: "Hello.",
});

const api = (
  name: string,
  route: string,
  template: string,
  fields: Record<string, string[]>,
  valid: (fixture: Fixture) => Record<string, unknown> = () => ({}),
  access: Access = "admin",
): WriteEndpoint => {
  const [method] = name.split(" ") as [WriteEndpoint["method"]];
  return { name, route: `routes/${route}`, method, template, kind: "json", access, fields, valid };
};

const form = (
  template: string,
  route: string,
  fields: Record<string, string[]>,
  valid: (fixture: Fixture) => Record<string, unknown> = () => ({}),
  options: Partial<Pick<WriteEndpoint, "access" | "kind" | "endsSession">> = {},
): WriteEndpoint => ({
  name: `POST ${template} (form)`,
  route: `routes/${route}`,
  method: "POST",
  template,
  kind: options.kind ?? "form",
  access: options.access ?? "admin",
  fields,
  valid,
  endsSession: options.endsSession,
});

/** A route whose action only answers 405 (or the catch-all's 404): it must still take any body calmly. */
const readOnly = (route: string, template: string, access: Access): WriteEndpoint => ({
  name: `POST ${template}`,
  route: `routes/${route}`,
  method: "POST",
  template,
  kind: "json",
  access,
  fields: { q: ["x"], id: ["1"] },
  valid: () => ({}),
  readOnly: true,
});

/** A reply from the Messages tab: its language, ready answer and text. */
const REPLY_FIELDS = { language: ["en", "es", "fr", ""], template: ["apply", "maybe", ""], body: ["Hello", "", "\u0000"] };

export const WRITE_ENDPOINTS: WriteEndpoint[] = [
  // JSON calls (docs/product.md §7)
  api("POST /api/admin/auth/magic/request", "api.admin.auth.magic.request", "/api/admin/auth/magic/request", { email: ["staff@example.com", "x@", ""], redirectTo: ["/admin/dashboard/faqs", "//evil.test"] }, () => ({ email: "nobody@example.com" }), "public"),
  api("POST /api/contact", "api.contact", "/api/contact", CONTACT_FIELDS, validContact, "public"),
  api("POST /api/properties/:property/visits", "api.properties.$id.visits", "/api/properties/:property/visits", VISIT_FIELDS, validVisit, "public"),
  api("POST /api/admin/visits/:message/confirm", "api.admin.visits.$id.confirm", "/api/admin/visits/:message/confirm", { time: ["2026-12-01T10:00:00-06:00", "noon", ""] }, () => ({ time: firstVisitTime() })),
  api("POST /api/admin/visits/:message/decline", "api.admin.visits.$id.decline", "/api/admin/visits/:message/decline", { reason: ["times", "home", "nope", ""], note: ["Sorry", ""], suggestTimes: ["true", "yes", ""] }),
  api("PUT /api/admin/configurations/:key", "api.admin.configurations.$key", "/api/admin/configurations/:key", { value: ["office@example.com", "nope", ""] }, () => ({ value: "office@example.com" })),
  api("POST /api/admin/configurations/test-email", "api.admin.configurations.test-email", "/api/admin/configurations/test-email", {}),
  api("POST /api/admin/configurations", "api.admin.configurations", "/api/admin/configurations", { key: ["contact_email", "other"], value: ["office@example.com", ""], description: ["Where mail goes", ""] }, () => ({ key: "contact_email", value: "office@example.com" })),
  api("PUT /api/admin/faqs/:faq", "api.admin.faqs.$id", "/api/admin/faqs/:faq", FAQ_FIELDS, () => ({ question: "Q?", answer: "A." })),
  api("DELETE /api/admin/faqs/:faq", "api.admin.faqs.$id", "/api/admin/faqs/:faq", {}),
  api("POST /api/admin/faqs", "api.admin.faqs", "/api/admin/faqs", FAQ_FIELDS, () => ({ question: "Q?", answer: "A." })),
  api("PATCH /api/admin/media/:media/hero", "api.admin.media.$id.hero", "/api/admin/media/:media/hero", { isHeroImage: ["true", "false"] }, () => ({ isHeroImage: true })),
  api("PUT /api/admin/media/:media/reupload", "api.admin.media.$id.reupload", "/api/admin/media/:media/reupload", MEDIA_UPLOAD_FIELDS, () => ({ filename: "a.jpg", filePath: "/objects/quarantine/none" })),
  api("DELETE /api/admin/media/:media", "api.admin.media.$id", "/api/admin/media/:media", {}),
  api("POST /api/admin/media/upload", "api.admin.media.upload", "/api/admin/media/upload", MEDIA_UPLOAD_FIELDS, () => ({ filename: "a.jpg", filePath: "/objects/quarantine/none" })),
  api("POST /api/admin/messages/:message/replies", "api.admin.messages.$id.replies", "/api/admin/messages/:message/replies", REPLY_FIELDS, () => ({ language: "en", body: "Hello" })),
  api("PATCH /api/admin/messages/:message", "api.admin.messages.$id", "/api/admin/messages/:message", { handled: ["true", "false"] }, () => ({ handled: true })),
  api("POST /api/admin/properties/:property/media/:media/link", "api.admin.properties.$id.media.$mediaId.link", "/api/admin/properties/:property/media/:media/link", {}),
  api("POST /api/admin/properties/:property/media/:media/move", "api.admin.properties.$id.media.$mediaId.move", "/api/admin/properties/:property/media/:media/move", { direction: ["up", "down", "left", ""], position: ["1", "2", "0", "99", ""] }, () => ({ direction: "up" })),
  api("POST /api/admin/properties/:property/media/:media/main", "api.admin.properties.$id.media.$mediaId.main", "/api/admin/properties/:property/media/:media/main", {}),
  api("DELETE /api/admin/properties/:property/media/:media/unlink", "api.admin.properties.$id.media.$mediaId.unlink", "/api/admin/properties/:property/media/:media/unlink", {}),
  api("PUT /api/admin/properties/:property", "api.admin.properties.$id", "/api/admin/properties/:property", PROPERTY_FIELDS, validProperty),
  api("DELETE /api/admin/properties/:property", "api.admin.properties.$id", "/api/admin/properties/:property", {}),
  api("POST /api/admin/properties", "api.admin.properties", "/api/admin/properties", PROPERTY_FIELDS, validProperty),
  api("PUT /api/admin/text-entries/:text", "api.admin.text-entries.$id", "/api/admin/text-entries/:text", { key: ["site.name", ""], englishText: ["Hello", ""], spanishText: ["Hola", ""] }, (fixture) => ({ key: fixture.textEntryKey, englishText: "Hello" })),
  api("DELETE /api/admin/whitelist/:whitelist", "api.admin.whitelist.$id", "/api/admin/whitelist/:whitelist", {}),
  // Staff passkeys: adding one (options, then the browser's answer), removing one, and signing in with one (public).
  api("POST /api/admin/passkeys/options", "api.admin.passkeys.options", "/api/admin/passkeys/options", {}),
  api("POST /api/admin/passkeys", "api.admin.passkeys", "/api/admin/passkeys", PASSKEY_FIELDS, () => ({ name: "Matrix key", response: { id: "x", rawId: "x", type: "public-key", response: {} } })),
  api("DELETE /api/admin/whitelist/:whitelist/passkeys", "api.admin.whitelist.$id.passkeys", "/api/admin/whitelist/:whitelist/passkeys", {}),
  api("DELETE /api/admin/passkeys/:passkey", "api.admin.passkeys.$id", "/api/admin/passkeys/1", {}),
  api("POST /api/auth/passkey/options", "api.auth.passkey.options", "/api/auth/passkey/options", {}, () => ({}), "public"),
  api("POST /api/auth/passkey", "api.auth.passkey", "/api/auth/passkey", { response: ['{"id":"x"}', "x", ""], redirectTo: ["/admin/dashboard", "//evil.test", ""] }, () => ({ response: { id: "x", rawId: "x", type: "public-key", response: {} } }), "public"),
  // The passkey step's first passkey (public: they answer only a browser in the step).
  api("POST /api/auth/passkey/register/options", "api.auth.passkey.register.options", "/api/auth/passkey/register/options", {}, () => ({}), "public"),
  api("POST /api/auth/passkey/register", "api.auth.passkey.register", "/api/auth/passkey/register", PASSKEY_FIELDS, () => ({ name: "Matrix key", response: { id: "x", rawId: "x", type: "public-key", response: {} } }), "public"),
  api("POST /api/admin/whitelist", "api.admin.whitelist", "/api/admin/whitelist", { email: ["new@example.com", "x", ""] }, () => ({ email: "matrix@example.com" })),
  api("POST /api/objects/upload", "api.objects.upload", "/api/objects/upload", {}),
  api("PUT /api/property-images", "api.property-images", "/api/property-images", { imageURL: ["http://127.0.0.1/api/objects/upload/x", "", "javascript:alert(1)"] }, () => ({ imageURL: "/api/objects/upload/none" })),
  {
    name: "PUT /api/objects/upload/:slot",
    route: "server:upload-receiver",
    method: "PUT",
    template: ":upload",
    kind: "bytes",
    access: "signed-url",
    fields: {},
    valid: () => ({}),
  },
  readOnly("api.$", "/api/no-such-call", "public"),
  readOnly("api.admin.audit", "/api/admin/audit", "admin"),
  readOnly("api.admin.geocode", "/api/admin/geocode", "admin"),
  readOnly("api.admin.health", "/api/admin/health", "admin"),
  readOnly("api.admin.me", "/api/admin/me", "admin"),
  readOnly("api.admin.media", "/api/admin/media", "admin"),
  readOnly("api.admin.messages[.csv]", "/api/admin/messages.csv", "admin"),
  readOnly("api.admin.properties.$id.media", "/api/admin/properties/:property/media", "admin"),
  readOnly("api.admin.text-entries", "/api/admin/text-entries", "admin"),
  readOnly("api.admin.visits", "/api/admin/visits", "admin"),
  readOnly("api.config.maps-api-key", "/api/config/maps-api-key", "public"),
  readOnly("api.faqs", "/api/faqs", "public"),
  readOnly("api.hero-images", "/api/hero-images", "public"),
  readOnly("api.map-markers", "/api/map-markers", "public"),
  readOnly("api.properties", "/api/properties", "public"),
  readOnly("api.properties.$id", "/api/properties/:property", "public"),
  readOnly("api.properties.$id.media", "/api/properties/:property/media", "public"),
  readOnly("api.properties.$id.visit-times", "/api/properties/:property/visit-times", "public"),
  readOnly("api.text-entries", "/api/text-entries", "public"),

  // Forms, as a browser without JavaScript posts them
  form("/?index", "_index", CONTACT_FIELDS, validContact, { access: "public" }),
  // A Save toggle or 'Save all' (the list is a cookie; nothing is stored on the server).
  form("/favorites", "favorites", { intent: ["save", "remove", "save-all", ""], id: ["1", "0", "x", "99999999999999"], ids: ["1,2,3", "x", ""], returnTo: ["/properties", "//evil.test", ""] }, (fixture) => ({ intent: "save", id: String(fixture.propertyId), returnTo: "/" }), { access: "public" }),
  form("/properties/:property/visit", "properties.$id_.visit", VISIT_FORM_FIELDS, validVisitForm, { access: "public" }),
  // Search alerts: 'Get alerts for this search', then the pages the mails link to (the token in the link).
  form("/properties?index", "properties._index", ALERT_FORM_FIELDS, () => ({ email: "matrix.alerts@example.com", language: "en", kind: "rent", sort: "newest" }), { access: "public" }),
  form(`/alerts/confirm?token=${UNKNOWN_TOKEN}`, "alerts.confirm", {}, () => ({}), { access: "public" }),
  form(`/alerts/unsubscribe?token=${UNKNOWN_TOKEN}`, "alerts.unsubscribe", { "List-Unsubscribe": ["One-Click", ""] }, () => ({ "List-Unsubscribe": "One-Click" }), { access: "public" }),
  form(`/alerts/manage?token=${UNKNOWN_TOKEN}`, "alerts.manage", { intent: ["stop", "stop-all", ""], id: ["1", "0", "x"] }, () => ({ intent: "stop-all" }), { access: "public" }),
  // The visitor's own visit page (the token in the link): cancel, or another time.
  form(`/my-visit?token=${UNKNOWN_TOKEN}`, "my-visit", { intent: ["cancel", "move", ""], time: ["2026-12-01T10:00:00-06:00", "tomorrow", ""] }, () => ({ intent: "cancel" }), { access: "public" }),
  form("/admin/login", "admin.login", { email: ["staff@example.com", "x@", ""] }, () => ({ email: "nobody@example.com" }), { access: "public" }),
  form("/admin/auth/magic", "admin.auth.magic", { token: ["abc", ""], redirectTo: ["/admin/dashboard/faqs", "//evil.test"] }, () => ({ token: "not-a-token" }), { access: "public" }),
  form("/admin/auth/logout", "admin.auth.logout", {}, () => ({}), { access: "public", endsSession: true }),
  form("/admin/dashboard/admins/new", "admin.dashboard.admins.new", { email: ["new@example.com", "x", ""] }, () => ({ email: "matrix-form@example.com" })),
  form("/admin/dashboard/admins/:whitelist/remove", "admin.dashboard.admins.$id.remove", {}),
  form("/admin/dashboard/admins/sessions", "admin.dashboard.admins.sessions", {}),
  form("/admin/dashboard/sign-in-again?redirectTo=/admin/dashboard/settings", "admin.dashboard.sign-in-again", {}),
  form("/admin/dashboard/admins/passkeys/1/remove", "admin.dashboard.admins.passkeys.$id.remove", {}),
  form("/admin/dashboard/admins/:whitelist/passkeys/remove", "admin.dashboard.admins.$id.passkeys.remove", {}),
  form("/admin/dashboard/faqs/new", "admin.dashboard.faqs.new", FAQ_FIELDS, () => ({ question: "Q?", answer: "A.", isActive: "on" })),
  form("/admin/dashboard/faqs/:faq/edit", "admin.dashboard.faqs.$id.edit", FAQ_FIELDS, () => ({ question: "Q?", answer: "A.", isActive: "on" })),
  form("/admin/dashboard/faqs/:faq/delete", "admin.dashboard.faqs.$id.delete", {}),
  // The tabs' "Spanish is still correct" buttons.
  form("/admin/dashboard/faqs", "admin.dashboard.faqs", SPANISH_CONFIRMED_FIELDS, (fixture) => ({ intent: "spanish-confirmed", id: String(fixture.faqId) })),
  form("/admin/dashboard/properties", "admin.dashboard.properties", SPANISH_CONFIRMED_FIELDS, (fixture) => ({ intent: "spanish-confirmed", id: String(fixture.propertyId) })),
  form("/admin/dashboard/text", "admin.dashboard.text", SPANISH_CONFIRMED_FIELDS, (fixture) => ({ intent: "spanish-confirmed", id: String(fixture.textEntryId) })),
  form("/admin/dashboard/media", "admin.dashboard.media", { intent: ["hero", "unlink", "delete", ""], id: ["1", "0", "x"], isHeroImage: ["true", "false", "on"], propertyId: ["1", "x"] }, (fixture) => ({ intent: "hero", id: String(fixture.mediaId), isHeroImage: "true" })),
  form("/admin/dashboard/media/upload", "admin.dashboard.media.upload", { file: ["not an image"] }, () => ({}), { kind: "upload-form" }),
  form("/admin/dashboard/media/:media/reupload", "admin.dashboard.media.$id.reupload", { file: ["not an image"] }, () => ({}), { kind: "upload-form" }),
  form("/admin/dashboard/media/:media/link", "admin.dashboard.media.$id.link", { propertyId: ["1", "0", "abc", ""] }, (fixture) => ({ propertyId: String(fixture.propertyId) })),
  form("/admin/dashboard/media/:media/delete", "admin.dashboard.media.$id.delete", {}),
  form("/admin/dashboard/messages", "admin.dashboard.messages", { id: ["1", "0", "x"], handled: ["true", "false", "on"], intent: ["visit-confirm", "visit-decline", ""], time: ["2026-12-01T10:00:00-06:00", "other", ""], otherTime: ["2026-12-01T10:30", "x", ""] }, (fixture) => ({ id: String(fixture.messageId), handled: "true" })),
  form("/admin/dashboard/messages/:message/reply", "admin.dashboard.messages.$id.reply", REPLY_FIELDS, () => ({ language: "en", body: "Hello" })),
  form("/admin/dashboard/visits", "admin.dashboard.visits", { id: ["1", "0", "x"], intent: ["visit-confirm", "visit-decline", ""], time: ["2026-12-01T10:00:00-06:00", "other", ""], meetingNote: ["Meet at the office", ""] }, (fixture) => ({ id: String(fixture.messageId), intent: "visit-decline" })),
  form("/admin/dashboard/visits/:message/decline", "admin.dashboard.visits.$id.decline", { reason: ["times", "home", "x", ""], note: ["Sorry", ""], suggestTimes: ["on", ""] }, () => ({ reason: "times" })),
  form("/admin/dashboard/properties/new", "admin.dashboard.properties.new", PROPERTY_FIELDS, validProperty, { kind: "upload-form" }),
  form("/admin/dashboard/properties/:property/edit", "admin.dashboard.properties.$id.edit", PROPERTY_FIELDS, validProperty, { kind: "upload-form" }),
  form("/admin/dashboard/properties/:property/delete", "admin.dashboard.properties.$id.delete", {}),
  form("/admin/dashboard/properties/:property/media", "admin.dashboard.properties.$id.media", { intent: ["link", "unlink", "move-up", "move-down", "move-to", "make-main", ""], mediaId: ["1", "0", "x"], position: ["1", "2", "0", "99", "x"] }, (fixture) => ({ intent: "link", mediaId: String(fixture.mediaId) })),
  form("/admin/dashboard/settings", "admin.dashboard.settings", { intent: ["send-test-email", "save", "visiting-hours", "passkey-requirement", ""], value: ["office@example.com", "nope", ""], weekday1: ["on", ""], weekday6: ["on", "x"], from: ["9", "25", ""], to: ["17", "8", ""], requirePasskey: ["on", "off", ""] }, () => ({ value: "office@example.com" })),
  form("/admin/dashboard/text/:text/edit", "admin.dashboard.text.$id.edit", { key: ["site.name", ""], englishText: ["Hello", ""], spanishText: ["Hola", ""] }, (fixture) => ({ key: fixture.textEntryKey, englishText: "Hello" })),
];

type BuildRoute = { module: Record<string, unknown> };

/** The ids of the Remix routes of the build that take writes (export an action). */
export async function actionRoutesOfBuild(): Promise<string[]> {
  const build = (await import(pathToFileURL(path.join(ROOT, "build", "remix", "server", "index.js")).href)) as { routes: Record<string, BuildRoute> };
  return Object.entries(build.routes)
    .filter(([, route]) => typeof route.module.action === "function")
    .map(([id]) => id)
    .sort();
}

/** The path of an endpoint for this fixture: each :name replaced by the real id, or by `ids[name]` when given. */
export async function endpointPath(endpoint: WriteEndpoint, fixture: Fixture, ids: Record<string, string> = {}): Promise<string> {
  if (endpoint.template === ":upload") return ids.upload ?? (await fixture.uploadPath());
  const real: Record<string, string> = {
    faq: String(fixture.faqId),
    property: String(fixture.propertyId),
    media: String(fixture.mediaId),
    message: String(fixture.messageId),
    text: String(fixture.textEntryId),
    whitelist: String(fixture.whitelistId),
    key: "contact_email",
  };
  return endpoint.template.replace(/:([a-z]+)/g, (_, name: string) => ids[name] ?? real[name]);
}

/** The parameter names of an endpoint's path. */
export function pathParams(endpoint: WriteEndpoint): string[] {
  return [...endpoint.template.matchAll(/:([a-z]+)/g)].map((match) => match[1]);
}

export const isApiPath = (requestPath: string) => requestPath.startsWith("/api/");

/**
 * The data a write changes, as one digest: the content tables row by row, the mail
 * queue by count (its worker updates rows on its own), and the names of the stored files.
 * Sessions and rate-limit counters are left out: refused or not, they are not content.
 */
export function contentDigest(app: RunningServer): string {
  const hash = crypto.createHash("sha256");
  withServerDatabase(app, (db) => {
    for (const table of ["properties", "media", "faqs", "contact_messages", "visit_requests", "search_alerts", "passkeys", "admin_whitelist", "admin_users", "magic_tokens", "upload_slots", "audit_log", "configurations", "text_entries"]) {
      hash.update(`${table}\n${JSON.stringify(db.prepare(`select * from ${table} order by rowid`).all())}\n`);
    }
    hash.update(`mail_queue ${JSON.stringify(db.prepare("select count(*) as n from mail_queue").get())}\n`);
  });
  const uploads = path.join(app.workDir, "data", "uploads");
  if (fs.existsSync(uploads)) hash.update(JSON.stringify(fs.readdirSync(uploads, { recursive: true }).map(String).sort()));
  return hash.digest("hex");
}

/** Ids of rows the endpoints act on: the seeded catalogue, plus a message and a second whitelist entry made here. */
export async function makeFixture(app: RunningServer, adminCookie: string): Promise<Fixture> {
  const headers = { Origin: app.url, Cookie: adminCookie, "Content-Type": "application/json" };
  const message = await fetch(`${app.url}/api/contact`, {
    method: "POST",
    headers,
    body: JSON.stringify({ firstName: "Fix", lastName: "Ture", email: "fix@example.com", subject: "other", message: "Fixture." }),
  });
  const whitelisted = await fetch(`${app.url}/api/admin/whitelist`, { method: "POST", headers, body: JSON.stringify({ email: "second-admin@example.com" }) });
  if (message.status !== 201 || whitelisted.status !== 201) throw new Error(`fixture: contact ${message.status}, whitelist ${whitelisted.status}`);
  const first = (table: string, where = "1 = 1") =>
    withServerDatabase(app, (db) => db.prepare(`select * from ${table} where ${where} order by id limit 1`).get() as Record<string, unknown> | undefined);
  const text = first("text_entries")!;
  return {
    propertyId: Number(first("properties")!.id),
    mediaId: Number(first("media")!.id),
    faqId: Number(first("faqs")!.id),
    messageId: Number(((await message.json()) as { id: number }).id),
    textEntryId: Number(text.id),
    textEntryKey: String(text.key),
    whitelistId: Number(((await whitelisted.json()) as { id: number }).id),
    uploadPath: async () => {
      const issued = await fetch(`${app.url}/api/objects/upload`, { method: "POST", headers });
      const { uploadURL } = (await issued.json()) as { uploadURL: string };
      const url = new URL(uploadURL);
      return url.pathname + url.search;
    },
  };
}
