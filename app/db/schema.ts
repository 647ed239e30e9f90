import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { HOME_STATUSES, HOME_TYPES, LISTING_TYPES, PET_POLICIES } from "./home-fact-values";
import { CLOSE_REASONS, ENQUIRY_STAGES } from "./enquiry-stage-values";
import { REPLY_TEMPLATES } from "./reply-template-values";

/** Every entity of docs/product.md §3. Times are stored as epoch milliseconds. */

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" }).notNull().default(now);
const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(now)
    .$onUpdate(() => new Date());

export const properties = sqliteTable(
  "properties",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    location: text("location").notNull(),
    latitude: real("latitude"),
    longitude: real("longitude"),
    price: text("price").notNull(),
    priceSpanish: text("price_spanish"),
    /**
     * What the price text names, for filters and sorting (app/models/price.ts): an
     * amount in dollars, a month's rent or a sale price; null when the text names none.
     * Read on save, and editable when the reading is wrong.
     */
    priceAmount: real("price_amount"),
    priceKind: text("price_kind", { enum: ["rent", "sale"] }),
    imageUrl: text("image_url").notNull(),
    applicationUrl: text("application_url"),
    beds: text("beds").notNull(),
    baths: text("baths").notNull(),
    sqft: text("sqft").notNull(),
    /** beds and baths as numbers for "at least" filters ('2+' is 2, 'Studio' 0), read on save. */
    bedsCount: real("beds_count"),
    bathsCount: real("baths_count"),
    description: text("description").notNull(),
    descriptionSpanish: text("description_spanish"),
    /**
     * The English each Spanish text was written or last confirmed against (null while
     * there is no Spanish): an English text that differs from it has changed since, and
     * its Spanish is out of date (app/models/spanish-status.ts).
     */
    priceTranslatedFrom: text("price_translated_from"),
    descriptionTranslatedFrom: text("description_translated_from"),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    /**
     * When the home was first shown to the public (saved active, or switched on); null for
     * a home never public, whose name a visitor's saved list must not show (a draft's name
     * may say what the public must not read).
     */
    firstPublishedAt: integer("first_published_at", { mode: "timestamp_ms" }),
    /**
     * The home's facts (app/models/home-facts.ts). `status` says where the home is in its
     * life; isActive is kept equal to "the status is public" (available, coming soon,
     * pending) by every write, so the public queries keep reading one indexed flag.
     * priceAmount and priceKind above are the facts' price and its period (rent: a
     * month, sale: in total); bedsCount and bathsCount their rooms.
     */
    status: text("status", { enum: HOME_STATUSES }).notNull().default("available"),
    availableOn: text("available_on"),
    listingType: text("listing_type", { enum: LISTING_TYPES }),
    depositAmount: integer("deposit_amount"),
    applicationFee: integer("application_fee"),
    lotRentMonthly: integer("lot_rent_monthly"),
    lotRentIncludes: text("lot_rent_includes"),
    lotRentIncludesSpanish: text("lot_rent_includes_spanish"),
    otherMonthlyFees: integer("other_monthly_fees"),
    otherMonthlyFeesNote: text("other_monthly_fees_note"),
    otherMonthlyFeesNoteSpanish: text("other_monthly_fees_note_spanish"),
    /** A comma list in home-facts.ts' UTILITIES order ("water,trash"); "" for none. */
    utilitiesIncluded: text("utilities_included").notNull().default(""),
    squareFeet: integer("square_feet"),
    homeType: text("home_type", { enum: HOME_TYPES }),
    yearBuilt: integer("year_built"),
    make: text("make"),
    model: text("model"),
    pets: text("pets", { enum: PET_POLICIES }),
    petsNote: text("pets_note"),
    petsNoteSpanish: text("pets_note_spanish"),
    community: text("community"),
    seniorCommunity: integer("senior_community", { mode: "boolean" }),
    streetAddress: text("street_address"),
    streetAddressPublic: integer("street_address_public", { mode: "boolean" }).notNull().default(false),
    tourUrl: text("tour_url"),
    /** As price's: the English each Spanish fact text was written against. */
    lotRentIncludesTranslatedFrom: text("lot_rent_includes_translated_from"),
    otherMonthlyFeesNoteTranslatedFrom: text("other_monthly_fees_note_translated_from"),
    petsNoteTranslatedFrom: text("pets_note_translated_from"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("properties_active_created_idx").on(table.isActive, table.createdAt),
    index("properties_active_price_idx").on(table.isActive, table.priceAmount),
    // /objects asks whether a file is some row's (server/objects.ts).
    index("properties_image_url_idx").on(table.imageUrl),
    // A closed home's page finds its similar public homes by type (app/models/similar-homes.server.ts).
    index("properties_active_type_idx").on(table.isActive, table.homeType),
    // /properties near a place narrows by a latitude band first (app/models/browse-filter.server.ts).
    index("properties_active_latitude_idx").on(table.isActive, table.latitude),
  ],
);

export const media = sqliteTable(
  "media",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    filename: text("filename").notNull(),
    originalName: text("original_name").notNull(),
    filePath: text("file_path").notNull(),
    fileSize: integer("file_size").notNull(),
    mimeType: text("mime_type").notNull(),
    isHeroImage: integer("is_hero_image", { mode: "boolean" }).notNull().default(false),
    propertyId: integer("property_id").references(() => properties.id, { onDelete: "set null" }),
    /** Its place among its home's photos, after the main image (1 first); set when linked, left when unlinked. */
    position: integer("position"),
    /**
     * The published image's size in pixels, as its header gives it after the upload's
     * re-encoding; unknown (null) for media recorded before it was kept.
     */
    width: integer("width"),
    height: integer("height"),
    createdAt: createdAt(),
  },
  (table) => [
    index("media_hero_idx").on(table.isHeroImage, table.createdAt),
    index("media_property_idx").on(table.propertyId, table.createdAt),
    index("media_file_path_idx").on(table.filePath),
  ],
);

export const faqs = sqliteTable(
  "faqs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    question: text("question").notNull(),
    answer: text("answer").notNull(),
    questionSpanish: text("question_spanish"),
    answerSpanish: text("answer_spanish"),
    /** As properties': the English each Spanish text was written against. */
    questionTranslatedFrom: text("question_translated_from"),
    answerTranslatedFrom: text("answer_translated_from"),
    sortOrder: integer("sort_order").notNull().default(0),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("faqs_active_sort_idx").on(table.isActive, table.sortOrder, table.id)],
);

export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    /** The home a message asks about ('Ask about this home'); null once that home is deleted. */
    propertyId: integer("property_id").references(() => properties.id, { onDelete: "set null" }),
    /** When and by whom (an admin's e-mail) the office marked it handled; null while new. */
    handledAt: integer("handled_at", { mode: "timestamp_ms" }),
    handledBy: text("handled_by"),
    /** The site's language the visitor wrote from ('en' or 'es'); null for messages older than this record. */
    language: text("language", { enum: ["en", "es"] }),
    /** Where the visitor came from (app/models/enquiry-source.ts): the first page's UTM parameters and the site that linked to it; null when nothing told. */
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    referrerHost: text("referrer_host"),
    /** The page of this site the enquiry was sent from (path and query); null when the browser did not say. */
    sentFrom: text("sent_from"),
    /** Where the office is with it (app/models/enquiry-stage.ts); a closed one has its reason. */
    stage: text("stage", { enum: ENQUIRY_STAGES }).notNull().default("new"),
    closedReason: text("closed_reason", { enum: CLOSE_REASONS }),
    stageChangedAt: integer("stage_changed_at", { mode: "timestamp_ms" }),
    /** When the office first answered: the first time it left 'new' (a reply, a visit's decision, or staff moving it). */
    firstRepliedAt: integer("first_replied_at", { mode: "timestamp_ms" }),
    /** When the office was reminded of it, still new after the set business hours (once). */
    officeRemindedAt: integer("office_reminded_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (table) => [
    index("contact_messages_created_idx").on(table.createdAt),
    index("contact_messages_stage_created_idx").on(table.stage, table.createdAt),
    index("contact_messages_subject_created_idx").on(table.subject, table.createdAt),
    index("contact_messages_handled_created_idx").on(table.handledAt, table.createdAt),
  ],
);

/**
 * The office's replies to an enquiry, sent from the Messages tab (docs/product.md,
 * "Replies"): the text as sent, in the language it was written in, the ready answer it
 * started from, who sent it, and the queued mail that carries it.
 */
export const messageReplies = sqliteTable(
  "message_replies",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    messageId: integer("message_id")
      .notNull()
      .references(() => contactMessages.id, { onDelete: "cascade" }),
    language: text("language", { enum: ["en", "es"] }).notNull(),
    template: text("template", { enum: REPLY_TEMPLATES }),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    sentBy: text("sent_by").notNull(),
    /** The mail_queue row that carries it (a number, not a reference: sent rows may be cleared). */
    mailId: integer("mail_id"),
    createdAt: createdAt(),
  },
  (table) => [index("message_replies_message_idx").on(table.messageId, table.createdAt)],
);

/**
 * A visit request: a contact message (subject 'visit-request') with the times asked for.
 * The home's name and address are kept as they were asked about, so a later edit or the
 * home's deletion does not change the request. Times are epoch milliseconds.
 */
export const visitRequests = sqliteTable(
  "visit_requests",
  {
    messageId: integer("message_id")
      .primaryKey()
      .references(() => contactMessages.id, { onDelete: "cascade" }),
    homeName: text("home_name").notNull(),
    homeLocation: text("home_location").notNull(),
    times: text("times", { mode: "json" }).$type<number[]>().notNull(),
    /** cancelled: the office called off a confirmed visit (its home left the market). */
    status: text("status", { enum: ["requested", "confirmed", "declined", "cancelled"] }).notNull().default("requested"),
    confirmedTime: integer("confirmed_time", { mode: "timestamp_ms" }),
    decidedAt: integer("decided_at", { mode: "timestamp_ms" }),
    decidedBy: text("decided_by"),
    /** What staff added when confirming ("Meet at the community office"), in the visitor's mails and calendar entry. */
    meetingNote: text("meeting_note"),
    /** The calendar entry's SEQUENCE: 0 when confirmed, one more at each change sent after (a move, a cancellation). */
    calendarSequence: integer("calendar_sequence").notNull().default(0),
    /** How many times the visitor moved or cancelled it from their link (capped: each change mails the office). */
    visitorChanges: integer("visitor_changes").notNull().default(0),
    /** When the reminder the day before was queued (null: not yet; a move clears it). */
    remindedAt: integer("reminded_at", { mode: "timestamp_ms" }),
  },
  (table) => [
    index("visit_requests_status_idx").on(table.status),
    // The confirmed visits around some hours (which times are still free, visit-availability.server.ts).
    index("visit_requests_status_time_idx").on(table.status, table.confirmedTime),
  ],
);

/**
 * The visitor's own links to a visit request (docs/product.md, "The visitor's link"): one
 * per mail sent to them, each opening that visit's page until the visit is past. Only
 * the token's SHA-256 is kept; the token itself is only in the mail.
 */
export const visitLinks = sqliteTable(
  "visit_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    messageId: integer("message_id")
      .notNull()
      .references(() => visitRequests.messageId, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [index("visit_links_message_idx").on(table.messageId)],
);

/** The office's mail of a day's visits, sent the day before: one row per day, so one mail whichever process sends it. */
export const visitDayDigests = sqliteTable("visit_day_digests", {
  day: text("day").primaryKey(),
  queuedAt: integer("queued_at", { mode: "timestamp_ms" }).notNull(),
});

/**
 * The instant replies queued today (docs/product.md, "The instant reply"): one row per
 * inbox (lower case, "+tag" dropped), home (0: a general message) and office day
 * (YYYY-MM-DD, America/Chicago), claimed in the transaction that queues the reply, so an
 * inbox gets one reply per home a day whichever process stores the message. Earlier
 * days' rows are deleted as a new day's are written.
 */
export const instantReplies = sqliteTable(
  "instant_replies",
  {
    mailbox: text("mailbox").notNull(),
    homeId: integer("home_id").notNull(),
    day: text("day").notNull(),
    queuedAt: integer("queued_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.mailbox, table.homeId, table.day] }), index("instant_replies_day_idx").on(table.day)],
);

export const adminUsers = sqliteTable("admin_users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  googleId: text("google_id").unique(),
  email: text("email").notNull().unique(),
  name: text("name"),
  imageUrl: text("image_url"),
  createdAt: createdAt(),
  lastLoginAt: integer("last_login_at", { mode: "timestamp_ms" }),
});

export const adminWhitelist = sqliteTable("admin_whitelist", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  email: text("email").notNull().unique(),
  addedBy: text("added_by").notNull(),
  createdAt: createdAt(),
});

export const magicTokens = sqliteTable(
  "magic_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** SHA-256 of the token; the token itself is only ever in the e-mail. */
    jti: text("jti").notNull().unique(),
    email: text("email").notNull(),
    purpose: text("purpose").notNull().default("login"),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    requestedIp: text("requested_ip"),
    requestedUserAgent: text("requested_user_agent"),
    usedIp: text("used_ip"),
    usedUserAgent: text("used_user_agent"),
    createdAt: createdAt(),
  },
  (table) => [index("magic_tokens_email_idx").on(table.email, table.usedAt)],
);

/**
 * One browser upload (docs/product.md §7's upload flow): issued to one admin with a
 * single-use URL for the quarantine key `quarantine/<id>`. Nothing in quarantine is
 * served; the media row is written only after the server has checked the bytes.
 * state: issued → receiving → received (disk URLs) → checking → recorded | rejected.
 */
export const uploadSlots = sqliteTable(
  "upload_slots",
  {
    id: text("id").primaryKey(),
    adminEmail: text("admin_email").notNull(),
    state: text("state", { enum: ["issued", "receiving", "received", "checking", "recorded", "rejected"] }).notNull().default("issued"),
    /** The URL may be used until then; the slot itself is kept a day for the record step. */
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("upload_slots_created_idx").on(table.createdAt)],
);

/**
 * Every admin write, recorded in the same transaction as the change (models/audit.server.ts):
 * who (an admin's e-mail), what (entity and id), the action, and a short summary of the
 * changed fields, never a secret.
 */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    actor: text("actor").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    action: text("action").notNull(),
    summary: text("summary").notNull().default(""),
    createdAt: createdAt(),
  },
  (table) => [
    index("audit_log_created_idx").on(table.createdAt),
    index("audit_log_entity_created_idx").on(table.entity, table.createdAt),
    index("audit_log_actor_created_idx").on(table.actor, table.createdAt),
    // One enquiry's visit events, for its thread (enquiry-thread.server.ts).
    index("audit_log_entity_item_idx").on(table.entity, table.entityId, table.createdAt),
  ],
);

export const configurations = sqliteTable("configurations", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  key: text("key").notNull().unique(),
  value: text("value").notNull(),
  description: text("description"),
  updatedBy: text("updated_by"),
  updatedAt: updatedAt(),
});

export const textEntries = sqliteTable("text_entries", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  key: text("key").notNull().unique(),
  englishText: text("english_text").notNull(),
  spanishText: text("spanish_text").notNull(),
  /** As properties': the English the Spanish text was written against. */
  translatedFrom: text("translated_from"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const users = sqliteTable("users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  username: text("username").notNull().unique(),
  password: text("password").notNull(),
});

export const sessions = sqliteTable(
  "sessions",
  {
    sid: text("sid").primaryKey(),
    sess: text("sess").notNull(),
    expire: integer("expire", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("sessions_expire_idx").on(table.expire)],
);

/** A file sent with a queued mail; `content` is the file's text (an iCalendar file). */
export type MailAttachment = { filename: string; contentType: string; content: string };

/** Outgoing mail, kept until sent so that an SMTP outage loses nothing. */
export const mailQueue = sqliteTable(
  "mail_queue",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    replyTo: text("reply_to"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }).notNull().default(now),
    lastError: text("last_error"),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    // Until then one worker (of any process on this database) is sending the row.
    leasedUntil: integer("leased_until", { mode: "timestamp_ms" }),
    /** Files sent with the mail (a visit's .ics): [{ filename, contentType, content }], content as text. */
    attachments: text("attachments", { mode: "json" }).$type<MailAttachment[]>(),
    /** Extra headers (a search alert's List-Unsubscribe and List-Unsubscribe-Post). */
    headers: text("headers", { mode: "json" }).$type<Record<string, string>>(),
    /**
     * Who waits for it, lowest first (app/services/mail/queue.server.ts, MAIL_PRIORITY):
     * sign-in links, then mail a person waits for, then digests.
     */
    priority: integer("priority").notNull().default(1),
    createdAt: createdAt(),
  },
  (table) => [index("mail_queue_due_idx").on(table.sentAt, table.priority, table.nextAttemptAt)],
);

/**
 * Staff passkeys (WebAuthn credentials): each belongs to one admin's address and signs
 * them in, or completes a sign-in as the second factor. The public key and the signature
 * counter are what a sign-in is checked against; nothing secret is stored.
 */
export const passkeys = sqliteTable(
  "passkeys",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    adminEmail: text("admin_email").notNull(),
    /** The credential's id as the authenticator gave it, base64url. */
    credentialId: text("credential_id").notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    counter: integer("counter").notNull().default(0),
    transports: text("transports", { mode: "json" }).$type<string[]>(),
    name: text("name").notNull(),
    createdAt: createdAt(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
  },
  (table) => [index("passkeys_admin_email_idx").on(table.adminEmail)],
);

/**
 * The challenges of passkey ceremonies in progress: single-use (deleted as they are
 * checked) and short-lived. A registration's is bound to the admin's session, a sign-in's
 * to the browser that asked for it (its id is in a cookie of its own).
 */
export const passkeyChallenges = sqliteTable(
  "passkey_challenges",
  {
    id: text("id").primaryKey(),
    purpose: text("purpose", { enum: ["register", "sign-in"] }).notNull(),
    challenge: text("challenge").notNull(),
    /** The session a registration belongs to (its id); null for a sign-in. */
    sessionId: text("session_id"),
    adminEmail: text("admin_email"),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("passkey_challenges_expires_idx").on(table.expiresAt)],
);

/**
 * Search alerts: a visitor follows a search of /properties and is mailed, at most once a
 * day, the homes that newly match it (listed, or cheaper). A row is pending until its
 * address confirms it (double opt-in), then confirmed; a stopped or expired one is
 * deleted. The filters are kept both as the list's URL query (what the search is, with
 * the address) and one column each (what matching reads).
 */
export const searchAlerts = sqliteTable(
  "search_alerts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(),
    /** The address as one inbox receives it (app/utils/mailbox.ts): what the limits count. */
    mailbox: text("mailbox").notNull().default(""),
    language: text("language", { enum: ["en", "es"] }).notNull(),
    /** The filters as /properties spells them ("kind=rent&beds=2"; "" for every home), the sort left out. */
    filters: text("filters").notNull(),
    sort: text("sort", { enum: ["newest", "price-asc", "price-desc", "distance"] }).notNull().default("newest"),
    q: text("q").notNull().default(""),
    /** The place searched around, as the gazetteer read it when the alert was asked for, and its miles (null: any distance). */
    nearName: text("near_name"),
    nearLatitude: real("near_latitude"),
    nearLongitude: real("near_longitude"),
    withinMiles: integer("within_miles"),
    kind: text("kind", { enum: ["rent", "sale", "rent_to_own", "owner_finance"] }),
    minPrice: integer("min_price"),
    maxPrice: integer("max_price"),
    beds: integer("beds"),
    baths: integer("baths"),
    /** The filters of a home's facts (docs/product.md, "Find and compare by facts"). */
    pets: text("pets", { enum: ["cats", "dogs"] }),
    homeType: text("home_type", { enum: HOME_TYPES }),
    senior: integer("senior", { mode: "boolean" }).notNull().default(false),
    availableBy: text("available_by"),
    /** 'stopped': unsubscribed, kept a day for its Undo (ALERT_UNDO_MS), then deleted; mails nothing and counts for nothing. */
    status: text("status", { enum: ["pending", "confirmed", "stopped"] }).notNull().default("pending"),
    /** When it was unsubscribed (status 'stopped'). */
    stoppedAt: integer("stopped_at", { mode: "timestamp_ms" }),
    /** When the latest confirmation link (search_alert_confirmations) expires; a pending alert goes then. */
    confirmExpiresAt: integer("confirm_expires_at", { mode: "timestamp_ms" }),
    confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
    /** The secret of the alert's unsubscribe and manage links: it can only stop or list this address's alerts. */
    linkToken: text("link_token").notNull().unique(),
    lastSentAt: integer("last_sent_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("search_alerts_email_filters_idx").on(table.email, table.filters),
    index("search_alerts_status_idx").on(table.status),
    index("search_alerts_mailbox_idx").on(table.mailbox, table.status),
  ],
);

/**
 * The confirmation links of pending alerts, each valid until it expires: asking again
 * adds a link and never ends an earlier one, so a stranger asking for someone's address
 * cannot cancel the link that person is about to use. Kept after the confirmation, so a
 * link used before reads as "already on", until it expires.
 */
export const searchAlertConfirmations = sqliteTable(
  "search_alert_confirmations",
  {
    /** SHA-256 of the link's token; the token itself is only in the mail. */
    tokenHash: text("token_hash").primaryKey(),
    alertId: integer("alert_id")
      .notNull()
      .references(() => searchAlerts.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("search_alert_confirmations_alert_idx").on(table.alertId), index("search_alert_confirmations_expires_idx").on(table.expiresAt)],
);

/** Homes that matched a confirmed alert since its last mail: the next digest's content. */
export const searchAlertMatches = sqliteTable(
  "search_alert_matches",
  {
    alertId: integer("alert_id")
      .notNull()
      .references(() => searchAlerts.id, { onDelete: "cascade" }),
    propertyId: integer("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: ["new", "price_drop"] }).notNull(),
    matchedAt: integer("matched_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (table) => [primaryKey({ columns: [table.alertId, table.propertyId] })],
);

/**
 * Homes whose save was news to followers of searches (listed, or cheaper), waiting to be
 * matched against the alerts: the save only writes this row, and the matching runs after
 * it, off the request (app/models/search-alert-matching.server.ts), so a publish costs
 * the same whatever the number of alerts, and a crash between the two loses nothing.
 */
export const searchAlertChecks = sqliteTable("search_alert_checks", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  propertyId: integer("property_id")
    .notNull()
    .references(() => properties.id, { onDelete: "cascade" }),
  reason: text("reason", { enum: ["new", "price_drop"] }).notNull(),
  queuedAt: integer("queued_at", { mode: "timestamp_ms" }).notNull().default(now),
});

/** One row per alert mail queued, and nothing about whom: the Overview's "alerts sent in the last 30 days". */
export const searchAlertSends = sqliteTable(
  "search_alert_sends",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (table) => [index("search_alert_sends_sent_at_idx").on(table.sentAt)],
);

/**
 * The rate limits' counters (rate-limiter-flexible's SQLite layout): one row per limit
 * and key (`<limit name>:<IP or address>`), `points` spent in the window that ends at
 * `expire` (ms since the epoch). In the database so that every process on it counts
 * together and a restart forgets nothing; expired rows are swept every 5 minutes.
 */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull().default(0),
  expire: integer("expire"),
});

/** Bookkeeping for one-time start-up work (the seed runs once per database). */
export const appMeta = sqliteTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

export type Property = typeof properties.$inferSelect;
export type Media = typeof media.$inferSelect;
export type UploadSlot = typeof uploadSlots.$inferSelect;
export type Faq = typeof faqs.$inferSelect;
export type ContactMessage = typeof contactMessages.$inferSelect;
export type VisitRequest = typeof visitRequests.$inferSelect;
export type SearchAlert = typeof searchAlerts.$inferSelect;
export type Passkey = typeof passkeys.$inferSelect;
export type TextEntry = typeof textEntries.$inferSelect;
export type WhitelistEntry = typeof adminWhitelist.$inferSelect;
export type AuditEntry = typeof auditLog.$inferSelect;
