import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { db, writeTransaction } from "~/db/client.server";
import { properties, type Property } from "~/db/schema";
import { isFileShown } from "~/services/uploads/published-objects.server";
import { isServableObjectKey, OBJECTS_PREFIX } from "~/services/storage.server";
import type { MapMarker } from "~/models/map-marker";
import { containsText } from "~/db/text-search.server";
import { recordAudit, summarizeChanges } from "~/models/audit.server";
import { BROWSE_PAGE_SIZE, type BrowseFilters, type BrowseQuery, type BrowseSort } from "~/models/browse-query";
import { pageWindow } from "~/utils/paging";
import { browseFilter, distanceFrom } from "~/models/browse-filter.server";
import { alertReason, queueAlertCheck } from "~/models/search-alert-matching.server";
import { PROPERTY_LIMITS, type PropertyInput } from "~/models/property-form";
import { fillBlankSpanish } from "~/models/machine-translation.server";
import { priceNeedsSpanish, type SpanishStatus, type SpanishToDo, type TranslationStatus } from "~/models/spanish-status";
import { spanishRules, type SpanishCounts, type SpanishField, type SpanishToDoCounts } from "~/models/spanish-status.server";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { factColumns, factFormValues, factsOf, incompleteFactsSql, textReadings } from "~/models/home-facts.server";
import { FACT_LIMITS, publicFacts } from "~/models/home-facts";
import { PROPERTY_MESSAGES } from "~/models/property-messages";
import { callOffVisits, isClosing, NO_VISITS_TO_CALL_OFF, type VisitsToCallOff } from "~/models/closing-visits.server";
import { linkNewMainImage } from "~/models/media-links.server";

// Listings appear in the order they were added.
const listingOrder = [asc(properties.createdAt), asc(properties.id)];
// The back office shows the newest first: ids are given in the order properties are
// added (AUTOINCREMENT never reuses one), and the primary key orders them without a
// sort, so any page of 5,000 homes is read straight from it.
const adminOrder = [desc(properties.id)];

export function listActiveProperties(limit?: number): Property[] {
  const query = db().select().from(properties).where(eq(properties.isActive, true)).orderBy(...listingOrder);
  return (limit === undefined ? query : query.limit(limit)).all();
}

export function countActiveProperties(): number {
  return db().select({ n: count() }).from(properties).where(eq(properties.isActive, true)).get()?.n ?? 0;
}

/** Every active home with coordinates, in listing order, as compact marker data (the rest comes when its info window opens). */
export function listMapMarkers(): MapMarker[] {
  const rows = db()
    .select({
      id: properties.id,
      lat: properties.latitude,
      lng: properties.longitude,
      name: properties.name,
      price: properties.price,
      priceSpanish: properties.priceSpanish,
    })
    .from(properties)
    .where(and(eq(properties.isActive, true), isNotNull(properties.latitude), isNotNull(properties.longitude)))
    .orderBy(...listingOrder)
    .all();
  // Five decimals are about a metre: enough for a marker, and the JSON stays small.
  const round = (value: number) => Math.round(value * 1e5) / 1e5;
  return rows.map(({ id, lat, lng, name, price, priceSpanish }) => ({
    id,
    lat: round(lat as number),
    lng: round(lng as number),
    name,
    price,
    ...(priceSpanish?.trim() ? { priceEs: priceSpanish.trim() } : {}),
  }));
}

/** An active listing, or undefined: inactive homes are not public. */
export function getActiveProperty(id: number): Property | undefined {
  return db()
    .select()
    .from(properties)
    .where(and(eq(properties.id, id), eq(properties.isActive, true)))
    .get();
}

/** Any property, active or not (the back office). */
export function getProperty(id: number): Property | undefined {
  return db().select().from(properties).where(eq(properties.id, id)).get();
}

/** The properties with these ids, active or not, in no particular order (a visitor's saved list). */
export function getPropertiesByIds(ids: number[]): Property[] {
  if (!ids.length) return [];
  return db().select().from(properties).where(inArray(properties.id, ids)).all();
}

/** Every property, active or not, newest first (GET /api/admin/properties). */
export function listAllProperties(): Property[] {
  return db().select().from(properties).orderBy(...adminOrder).all();
}

const SPANISH = spanishRules<Property>(properties, [
  {
    label: "Price",
    english: "price",
    spanish: "priceSpanish",
    translatedFrom: "priceTranslatedFrom",
    // priceNeedsSpanish in SQL: a price with a letter in it.
    needed: { row: (property) => priceNeedsSpanish(property.price), sql: sql`${properties.price} glob '*[A-Za-z]*'` },
  },
  { label: "Description", english: "description", spanish: "descriptionSpanish", translatedFrom: "descriptionTranslatedFrom" },
  // A fact's text wants Spanish only when it has English.
  factText("Lot rent includes", "lotRentIncludes", "lotRentIncludesSpanish", "lotRentIncludesTranslatedFrom", properties.lotRentIncludes),
  factText("Other monthly fees", "otherMonthlyFeesNote", "otherMonthlyFeesNoteSpanish", "otherMonthlyFeesNoteTranslatedFrom", properties.otherMonthlyFeesNote),
  factText("Pets note", "petsNote", "petsNoteSpanish", "petsNoteTranslatedFrom", properties.petsNote),
]);

function factText(label: string, english: keyof Property & string, spanish: keyof Property & string, translatedFrom: keyof Property & string, column: SQLiteColumn): SpanishField<Property> {
  return {
    label,
    english,
    spanish,
    translatedFrom,
    needed: { row: (property) => Boolean((property[english] as string | null)?.trim()), sql: sql`trim(coalesce(${column}, '')) <> ''` },
  };
}

/** Each Spanish text of a home and the English it was written against: what the Edit form's warning compares with. */
export function storedSpanish(property: Property) {
  const { priceSpanish, priceTranslatedFrom, descriptionSpanish, descriptionTranslatedFrom } = property;
  const { lotRentIncludesSpanish, lotRentIncludesTranslatedFrom, otherMonthlyFeesNoteSpanish, otherMonthlyFeesNoteTranslatedFrom, petsNoteSpanish, petsNoteTranslatedFrom } = property;
  return {
    priceSpanish,
    priceTranslatedFrom,
    descriptionSpanish,
    descriptionTranslatedFrom,
    lotRentIncludesSpanish,
    lotRentIncludesTranslatedFrom,
    otherMonthlyFeesNoteSpanish,
    otherMonthlyFeesNoteTranslatedFrom,
    petsNoteSpanish,
    petsNoteTranslatedFrom,
  };
}

export function propertySpanishStatus(property: Property): SpanishStatus {
  return SPANISH.status(property);
}

/** A tab's card's Spanish: its status, and the English changes when it is out of date. */
export function propertySpanishCard(property: Property) {
  return SPANISH.card(property);
}

/**
 * How many homes, active or not (whose name or location contains `q`), have their Spanish
 * missing and out of date, and how many there are: `all` when the caller already counted them.
 */
export function propertySpanishCounts(q = "", all?: number): SpanishCounts {
  return SPANISH.counts(containsText([properties.name, properties.location], q), all);
}

/** The Overview's "Spanish to do" for homes. */
export function propertySpanishToDo(): SpanishToDoCounts {
  return SPANISH.toDo();
}

/**
 * A property as the admin JSON calls show it: the seed's fields as they have always been,
 * and beside them its `facts` (home-facts.ts); not the record of what its Spanish was
 * written against.
 */
export function propertyJson(row: Property) {
  return { ...seedFields(row), facts: factsOf(row) };
}

/** A public home as GET /api/properties shows it: the same, with only the public facts. */
export function publicPropertyJson(row: Property) {
  return { ...seedFields(row), facts: publicFacts(factsOf(row)) };
}

function seedFields(row: Property) {
  return {
    id: row.id,
    name: row.name,
    location: row.location,
    latitude: row.latitude,
    longitude: row.longitude,
    price: row.price,
    priceSpanish: row.priceSpanish,
    priceAmount: row.priceAmount,
    priceKind: row.priceKind,
    imageUrl: row.imageUrl,
    applicationUrl: row.applicationUrl,
    beds: row.beds,
    baths: row.baths,
    sqft: row.sqft,
    bedsCount: row.bedsCount,
    bathsCount: row.bathsCount,
    description: row.description,
    descriptionSpanish: row.descriptionSpanish,
    isActive: row.isActive,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export const PROPERTIES_PAGE_SIZE = 24;
export const MAX_PROPERTIES_PAGE_SIZE = 100;

export type PropertyPage = { properties: Property[]; total: number; page: number; pageCount: number; limit: number };

/**
 * One page of properties, newest first, whose name or location contains `q` (any
 * case), whose Spanish is to do when `spanish` says so, and whose facts a good listing
 * still lacks when `factsToComplete` is set. A count and a LIMIT/OFFSET: thousands of homes cost one page, not all rows.
 * A page past the last shows the last one.
 */
export function propertiesPage(options: { q?: string; page?: number; limit?: number; spanish?: SpanishToDo | null; factsToComplete?: boolean } = {}): PropertyPage {
  const limit = Math.min(Math.max(options.limit ?? PROPERTIES_PAGE_SIZE, 1), MAX_PROPERTIES_PAGE_SIZE);
  const where = and(
    containsText([properties.name, properties.location], options.q ?? ""),
    SPANISH.filterSql(options.spanish ?? null),
    options.factsToComplete ? incompleteFactsSql : undefined,
  );
  const total = db().select({ n: count() }).from(properties).where(where).get()?.n ?? 0;
  const { page, pageCount, offset } = pageWindow(total, options.page, limit);
  const rows = db().select().from(properties).where(where).orderBy(...adminOrder).limit(limit).offset(offset).all();
  return { properties: rows, total, page, pageCount, limit };
}

// The public list's sorts. Price sorts put homes without an amount last; equal amounts,
// and the default, go newest first.
const newestFirst = [desc(properties.createdAt), desc(properties.id)];
const browseOrder: Record<Exclude<BrowseSort, "distance">, SQL[]> = {
  newest: newestFirst,
  "price-asc": [sql`${properties.priceAmount} asc nulls last`, ...newestFirst],
  "price-desc": [sql`${properties.priceAmount} desc nulls last`, ...newestFirst],
};

/** The list's order; nearest first needs the place (without one it is newest first, as the URL's reading makes it). */
function browseOrderOf(query: BrowseQuery): SQL[] {
  if (query.sort !== "distance") return browseOrder[query.sort];
  return query.near ? [sql`${distanceFrom(query.near)} asc nulls last`, ...newestFirst] : newestFirst;
}

/** How many active homes a search of /properties shows. */
export function countBrowsed(filters: BrowseFilters): number {
  return db().select({ n: count() }).from(properties).where(browseFilter(filters)).get()?.n ?? 0;
}

/**
 * One page of active homes for /properties: name or location containing `q`, an amount
 * within the price range (a minimum above the maximum reads as the range between the
 * two; homes without an amount are left out by a price limit), at least `beds` and
 * `baths`, within the miles of a place (homes without coordinates only at any distance,
 * after the others), in the chosen order; a count and a LIMIT/OFFSET, so 5,000 homes
 * cost a page. A page past the last shows the last one.
 */
export function browseActiveProperties(query: BrowseQuery): PropertyPage {
  const where = browseFilter(query);
  const total = countBrowsed(query);
  const { page, pageCount, offset } = pageWindow(total, query.page, BROWSE_PAGE_SIZE);
  const rows = db()
    .select()
    .from(properties)
    .where(where)
    .orderBy(...browseOrderOf(query))
    .limit(BROWSE_PAGE_SIZE)
    .offset(offset)
    .all();
  return { properties: rows, total, page, pageCount, limit: BROWSE_PAGE_SIZE };
}


// What the change log shows of a property: every field an admin edits (the readings
// follow the texts, so they are left out).
const LOGGED_FIELDS = [
  "name", "location", "latitude", "longitude", "price", "priceSpanish", "priceAmount", "priceKind", "imageUrl",
  "applicationUrl", "beds", "baths", "sqft", "description", "descriptionSpanish", "isActive",
  "status", "availableOn", "listingType", "depositAmount", "applicationFee", "lotRentMonthly", "lotRentIncludes",
  "lotRentIncludesSpanish", "otherMonthlyFees", "otherMonthlyFeesNote", "otherMonthlyFeesNoteSpanish", "utilitiesIncluded",
  "bedsCount", "bathsCount", "squareFeet", "homeType", "yearBuilt", "make", "model", "pets", "petsNote", "petsNoteSpanish",
  "community", "seniorCommunity", "streetAddress", "streetAddressPublic", "tourUrl",
] as const;
// A new or deleted property is named by these.
const NAMING_FIELDS = ["name", "location", "price", "isActive"] as const;

/**
 * Why a main image given as one of our stored files cannot be the home's, or null. A file
 * under /objects is served only when it is published: a media item of the library, or an
 * image a home already shows (the demo homes'). An upload that was never recorded sits in
 * quarantine and is never served, nor is a path nothing names: the home would show its
 * placeholder and nobody would know. The image the home already has stays allowed.
 * Addresses elsewhere (http(s), the site's own files) are the schema's to check.
 */
export function unrecordedImageProblem(imageUrl: string, currentImageUrl: string | null = null): string | null {
  if (!imageUrl.startsWith(OBJECTS_PREFIX) || imageUrl === currentImageUrl) return null;
  const published = isServableObjectKey(imageUrl.slice(OBJECTS_PREFIX.length)) && isFileShown(imageUrl);
  return published ? null : PROPERTY_MESSAGES.imageNotRecorded;
}

/**
 * The blank Spanish description, and the blank Spanish price when the price has words,
 * machine-translated when a service is set up (before any write: it may take seconds).
 */
async function fillSpanish(input: PropertyInput) {
  const facts = input.facts;
  const flat = {
    priceSpanish: input.priceSpanish,
    descriptionSpanish: input.descriptionSpanish,
    lotRentIncludesSpanish: facts?.lotRentIncludesSpanish ?? null,
    otherMonthlyFeesNoteSpanish: facts?.otherMonthlyFeesNoteSpanish ?? null,
    petsNoteSpanish: facts?.petsNoteSpanish ?? null,
  };
  // A fact's text wants Spanish when it has English (and only when the body has facts).
  const factText = (field: keyof typeof flat, english: string | null | undefined) => ({ field, english: english ?? "", max: FACT_LIMITS.note, wanted: Boolean(english) });
  const { values, translation } = await fillBlankSpanish(flat, [
    { field: "priceSpanish", english: input.price, max: PROPERTY_LIMITS.price, wanted: priceNeedsSpanish(input.price) },
    { field: "descriptionSpanish", english: input.description, max: PROPERTY_LIMITS.description, wanted: true },
    factText("lotRentIncludesSpanish", facts?.lotRentIncludes),
    factText("otherMonthlyFeesNoteSpanish", facts?.otherMonthlyFeesNote),
    factText("petsNoteSpanish", facts?.petsNote),
  ]);
  const { priceSpanish, descriptionSpanish, ...factSpanish } = values;
  return { values: { ...input, priceSpanish, descriptionSpanish, facts: facts && { ...facts, ...factSpanish } }, translation };
}

/** What each Spanish text of a saved property was written against (spanish-status.ts). */
function translatedFrom(values: Partial<Property>, before: Property | null) {
  return SPANISH.translatedFrom(values as Property, before);
}

/** The columns a save of `input` writes over `before` (null: a new home): its texts, its facts and their readings. */
function savedColumns(input: PropertyInput, before: Property | null) {
  const { facts: _facts, isActive: _isActive, priceAmount: _amount, priceKind: _kind, ...texts } = input;
  const columns = { ...texts, ...factColumns(input, before) };
  return { ...columns, ...translatedFrom(columns, before), firstPublishedAt: before?.firstPublishedAt ?? (columns.isActive ? new Date() : null) };
}

/** A home just shown to the public, or cheaper, is news to the searches it matches (search alerts). */
function noteForSearchAlerts(before: Property | null, after: Property, tx: Parameters<typeof queueAlertCheck>[2]) {
  const reason = alertReason(before, after);
  if (reason) queueAlertCheck(after.id, reason, tx);
}

/** `visitsCalledOff`: the visits still to come that the save called off (the home left the market). */
export type SavedProperty = { property: Property; translation: TranslationStatus; visitsCalledOff: VisitsToCallOff };

/**
 * Adds a property, its blank Spanish translated first; `actor` (an admin's e-mail) is
 * recorded in the change log with it. A main image of the library linked to no home (one
 * uploaded with the form) becomes the new home's, in the same transaction.
 */
export async function createProperty(input: PropertyInput, actor: string): Promise<SavedProperty> {
  const { values, translation } = await fillSpanish(input);
  const property = writeTransaction((tx) => {
    const row = tx
      .insert(properties)
      .values(savedColumns(values, null))
      .returning()
      .get();
    recordAudit({ actor, entity: "property", entityId: row.id, action: "create", summary: summarizeChanges(null, row, NAMING_FIELDS) }, tx);
    linkNewMainImage(tx, row, actor);
    noteForSearchAlerts(null, row, tx);
    return row;
  });
  return { property, translation, visitsCalledOff: NO_VISITS_TO_CALL_OFF };
}

/**
 * Replaces every field (blank Spanish translated first); undefined when the property does
 * not exist (any more). A new main image of the library linked to no home becomes the
 * home's; an unchanged one is left as it is (staff may have unlinked it on purpose).
 */
export async function updateProperty(id: number, input: PropertyInput, actor: string): Promise<SavedProperty | undefined> {
  // Nothing is translated for a property that does not exist.
  if (!getProperty(id)) return undefined;
  const { values, translation } = await fillSpanish(input);
  const saved = writeTransaction((tx) => {
    // Read again: it may have been deleted or changed while the translation was made.
    const before = tx.select().from(properties).where(eq(properties.id, id)).get();
    if (!before) return undefined;
    const row = tx
      .update(properties)
      .set(savedColumns(values, before))
      .where(eq(properties.id, id))
      .returning()
      .get();
    recordAudit({ actor, entity: "property", entityId: id, action: "update", summary: summarizeChanges(before, row, LOGGED_FIELDS) }, tx);
    if (row.imageUrl !== before.imageUrl) linkNewMainImage(tx, row, actor);
    noteForSearchAlerts(before, row, tx);
    const visitsCalledOff = isClosing(before.status, row.status) ? callOffVisits(id, row.status, actor, tx) : NO_VISITS_TO_CALL_OFF;
    return { row, visitsCalledOff };
  });
  return saved && { property: saved.row, translation, visitsCalledOff: saved.visitsCalledOff };
}

/**
 * "Spanish is still correct": the Spanish texts as they are are recorded as written
 * against today's English. Not an edit: updatedAt keeps its value. False when there is
 * no such property.
 */
export function confirmPropertySpanish(id: number, actor: string): boolean {
  return writeTransaction((tx) => {
    const row = tx.select().from(properties).where(eq(properties.id, id)).get();
    if (!row) return false;
    tx.update(properties)
      .set({ ...translatedFrom(row, null), updatedAt: sql`${properties.updatedAt}` })
      .where(eq(properties.id, id))
      .run();
    recordAudit({ actor, entity: "property", entityId: id, action: "spanish-confirmed", summary: summarizeChanges(null, row, ["name"]) }, tx);
    return true;
  });
}

/**
 * A stored property as the Edit form holds it: a number appears only where it corrects
 * its text's reading, so that a blank one keeps following the text.
 */
export function propertyFormValues(property: Property) {
  const { createdAt: _created, updatedAt: _updated, bedsCount: _beds, bathsCount: _baths, priceAmount: _amount, priceKind: _kind, isActive: _active, ...values } = seedFields(property);
  return { ...values, facts: factFormValues(property) };
}

/** The price and room readings of a seed-shaped home: the demo seed's and the start's. */
export function roomAndPriceReadings(input: Pick<PropertyInput, "price" | "priceSpanish" | "beds" | "baths">) {
  const { squareFeet: _sqft, ...readings } = textReadings({ ...input, sqft: "", priceAmount: null, priceKind: null });
  return readings;
}

/**
 * Fills the readings of homes stored before they existed (or written by other means):
 * every row without a kind or room counts is read once more, at start.
 */
export function fillMissingReadings(): number {
  const rows = db()
    .select({ id: properties.id, price: properties.price, priceSpanish: properties.priceSpanish, beds: properties.beds, baths: properties.baths })
    .from(properties)
    .where(or(isNull(properties.priceKind), isNull(properties.bedsCount), isNull(properties.bathsCount)))
    .all();
  if (rows.length === 0) return 0;
  writeTransaction((tx) => {
    // Not an edit: updatedAt keeps its value.
    for (const row of rows) {
      tx.update(properties)
        .set({ ...roomAndPriceReadings(row), updatedAt: sql`${properties.updatedAt}` })
        .where(eq(properties.id, row.id))
        .run();
    }
  });
  return rows.length;
}

/**
 * Deletes a property; its linked media stay, unlinked (the foreign key sets their
 * propertyId to null). False when there was no such property.
 */
export function deleteProperty(id: number, actor: string): boolean {
  return writeTransaction((tx) => {
    const row = tx.delete(properties).where(eq(properties.id, id)).returning().get();
    if (row) recordAudit({ actor, entity: "property", entityId: id, action: "delete", summary: summarizeChanges(null, row, NAMING_FIELDS) }, tx);
    return row !== undefined;
  });
}
