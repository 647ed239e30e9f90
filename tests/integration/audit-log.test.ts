import type Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectJson, jsonCaller, startSignedInApp, type CallOptions, type SignedInApp } from "../support/admin-api";
import { visibleTexts } from "../support/html";
import { png } from "../support/images";
import { freePort, withServerDatabase, type RunningServer } from "../support/server";
import { mimeParts, startSmtpSink, type SmtpSink } from "../support/smtp";

/**
 * Issue 11, item 5: the admin change log. Every admin write (properties, media, FAQs,
 * whitelist, settings, texts, sign-ins and sign-outs), through the JSON calls and the
 * dashboard's forms, leaves exactly one entry written with the change: who (the acting
 * admin), what (entity and id), the action and a summary of the changed fields. A write
 * that is refused or fails leaves none. GET /api/admin/audit pages and filters the log.
 */

const ADMIN = "audit.a@example.com";
const OTHER = "audit.b@example.com";
const THIRD = "audit.c@example.com";

type AuditRow = { id: number; actor: string; entity: string; entityId: string | null; action: string; summary: string; createdAt: number };
type Expected = { actor: string; entity: string; entityId: string | number | null; action: string; summary: string | RegExp };

let signedIn: SignedInApp;
let app: RunningServer;
let otherCookie: string;
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink(await freePort());
  signedIn = await startSignedInApp({
    email: ADMIN,
    env: {
      ADMIN_EMAILS: `${ADMIN},${OTHER},${THIRD}`,
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      MAIL_FROM: "office@lonestar.example",
      S3_BUCKET: "",
      TRANSLATE_URL: "",
      RATE_LIMIT_FACTOR: "20",
    },
  });
  app = signedIn.app;
  otherCookie = await signedIn.signIn(OTHER);
});
afterAll(async () => {
  await signedIn?.stop();
  await sink?.stop();
});

const call = (path: string, init: CallOptions = {}) => jsonCaller(() => app, () => signedIn.cookie)(path, init);
const asOther = (path: string, init: CallOptions = {}) => call(path, { ...init, cookie: otherCookie });

const withDb = <T>(work: (db: Database.Database) => T): T => withServerDatabase(app, work);

function auditRows(afterId = 0): AuditRow[] {
  return withDb(
    (db) =>
      db
        .prepare("select id, actor, entity, entity_id as entityId, action, summary, created_at as createdAt from audit_log where id > ? order by id")
        .all(afterId) as AuditRow[],
  );
}

const lastAuditId = () => withDb((db) => (db.prepare("select coalesce(max(id), 0) as id from audit_log").get() as { id: number }).id);

/** Runs `work` and returns what it answered and the entries it left. */
async function recording<T>(work: () => Promise<T>): Promise<{ result: T; entries: AuditRow[] }> {
  const before = lastAuditId();
  const result = await work();
  return { result, entries: auditRows(before) };
}

function expectOneEntry(entries: AuditRow[], expected: Expected) {
  expect(entries).toHaveLength(1);
  const [entry] = entries;
  expect({ actor: entry.actor, entity: entry.entity, entityId: entry.entityId, action: entry.action }).toEqual({
    actor: expected.actor,
    entity: expected.entity,
    entityId: expected.entityId === null ? null : String(expected.entityId),
    action: expected.action,
  });
  if (typeof expected.summary === "string") expect(entry.summary).toBe(expected.summary);
  else expect(entry.summary).toMatch(expected.summary);
  expect(Math.abs(entry.createdAt - Date.now())).toBeLessThan(60_000);
  return entry;
}

/** `work` answers `status` and records nothing. */
async function expectNothingRecorded(work: () => Promise<Response | { status: number }>, status: number) {
  const { result, entries } = await recording(work);
  expect(result.status).toBe(status);
  expect(entries).toEqual([]);
}

/** A form post as a browser without JavaScript sends it (not followed). */
function postForm(path: string, fields: Record<string, string>, cookie = signedIn.cookie) {
  return fetch(`${app.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url, Cookie: cookie },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

// ---------------------------------------------------------------------------------
// Properties

const propertyBody = (overrides: Record<string, unknown> = {}) => ({
  name: "Audit Row, Lot 1",
  location: "Waco, TX 76701",
  price: "$950/month",
  imageUrl: "/objects/demo/home-1.webp",
  beds: "3",
  baths: "2",
  sqft: "1,100",
  description: "A home for the change log test.",
  isActive: true,
  ...overrides,
});

async function newProperty(overrides: Record<string, unknown> = {}): Promise<number> {
  const response = await call("/api/admin/properties", { method: "POST", body: propertyBody(overrides) });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

describe("properties", () => {
  it("records create, update and delete through the JSON calls, with the fields that changed", async () => {
    const created = await recording(() => call("/api/admin/properties", { method: "POST", body: propertyBody() }));
    expect(created.result.status).toBe(201);
    const { id } = (await created.result.json()) as { id: number };
    expectOneEntry(created.entries, {
      actor: ADMIN,
      entity: "property",
      entityId: id,
      action: "create",
      summary: "name: Audit Row, Lot 1; location: Waco, TX 76701; price: $950/month; isActive: true",
    });

    const updated = await recording(() => asOther(`/api/admin/properties/${id}`, { method: "PUT", body: propertyBody({ price: "$995/month", isActive: false }) }));
    expect(updated.result.status).toBe(200);
    // The amount read from the price text follows it; nothing else changed.
    expectOneEntry(updated.entries, {
      actor: OTHER,
      entity: "property",
      entityId: id,
      action: "update",
      summary: "price: $950/month → $995/month; priceAmount: 950 → 995; isActive: true → false; status: available → off_market",
    });

    const same = await recording(() => call(`/api/admin/properties/${id}`, { method: "PUT", body: propertyBody({ price: "$995/month", isActive: false }) }));
    expectOneEntry(same.entries, { actor: ADMIN, entity: "property", entityId: id, action: "update", summary: "no changes" });

    const deleted = await recording(() => call(`/api/admin/properties/${id}`, { method: "DELETE" }));
    expect(deleted.result.status).toBe(200);
    expectOneEntry(deleted.entries, { actor: ADMIN, entity: "property", entityId: id, action: "delete", summary: /^name: Audit Row, Lot 1; / });
  });

  it("records nothing for a refused write: 400, 404", async () => {
    const id = await newProperty({ name: "Audit Refusals" });
    await expectNothingRecorded(() => call("/api/admin/properties", { method: "POST", body: propertyBody({ name: "" }) }), 400);
    await expectNothingRecorded(() => call("/api/admin/properties", { method: "POST", rawBody: "[1]" }), 400);
    await expectNothingRecorded(() => call(`/api/admin/properties/${id}`, { method: "PUT", body: propertyBody({ latitude: 200 }) }), 400);
    await expectNothingRecorded(() => call("/api/admin/properties/987654", { method: "PUT", body: propertyBody() }), 404);
    await expectNothingRecorded(() => call("/api/admin/properties/987654", { method: "DELETE" }), 404);
    await expectNothingRecorded(() => call("/api/admin/properties", { method: "POST", cookie: null, body: propertyBody() }), 401);
    await expectNothingRecorded(() => postForm("/admin/dashboard/properties/987654/delete", {}), 302);
  });

  it("records a delete from the Properties tab's form with the admin who confirmed it", async () => {
    const id = await newProperty({ name: "Audit Form Delete" });
    const { result, entries } = await recording(() => postForm(`/admin/dashboard/properties/${id}/delete`, {}, otherCookie));
    expect(result.status).toBe(302);
    expectOneEntry(entries, { actor: OTHER, entity: "property", entityId: id, action: "delete", summary: /^name: Audit Form Delete; / });
  });
});

// ---------------------------------------------------------------------------------
// Media: the upload flow of docs/product.md §7, then hero, link, re-upload, delete

async function uploadedObjectPath(cookie = signedIn.cookie): Promise<string> {
  const slot = await call("/api/objects/upload", { method: "POST", cookie });
  const { uploadURL } = (await slot.json()) as { uploadURL: string };
  const put = await fetch(uploadURL, { method: "PUT", headers: { "Content-Type": "image/png" }, body: new Uint8Array(await png(40, 30)) });
  expect(put.status).toBe(200);
  const claimed = await call("/api/property-images", { method: "PUT", body: { imageURL: uploadURL }, cookie });
  return ((await claimed.json()) as { objectPath: string }).objectPath;
}

const mediaBody = (filePath: string, filename: string) => ({ filename, filePath, fileSize: 1, mimeType: "image/png" });

describe("media", () => {
  it("records upload, hero, re-upload and delete through the JSON calls", async () => {
    const objectPath = await uploadedObjectPath();
    const uploaded = await recording(() => call("/api/admin/media/upload", { method: "POST", body: mediaBody(objectPath, "audit-porch.png") }));
    expect(uploaded.result.status).toBe(201);
    const item = (await uploaded.result.json()) as { id: number; fileSize: number; filePath: string };
    expectOneEntry(uploaded.entries, {
      actor: ADMIN,
      entity: "media",
      entityId: item.id,
      action: "upload",
      summary: `originalName: audit-porch.png; mimeType: image/png; fileSize: ${item.fileSize}`,
    });

    const hero = await recording(() => asOther(`/api/admin/media/${item.id}/hero`, { method: "PATCH", body: { isHeroImage: true } }));
    expect(hero.result.status).toBe(200);
    expectOneEntry(hero.entries, { actor: OTHER, entity: "media", entityId: item.id, action: "hero", summary: "audit-porch.png: isHeroImage: false → true" });

    const next = await uploadedObjectPath();
    const reuploaded = await recording(() => call(`/api/admin/media/${item.id}/reupload`, { method: "PUT", body: mediaBody(next, "audit-porch-2.png") }));
    expect(reuploaded.result.status).toBe(200);
    const replaced = (await reuploaded.result.json()) as { filePath: string };
    expectOneEntry(reuploaded.entries, {
      actor: ADMIN,
      entity: "media",
      entityId: item.id,
      action: "reupload",
      summary: new RegExp(`^originalName: audit-porch\\.png → audit-porch-2\\.png; filePath: ${item.filePath.slice(0, 20)}.* → ${replaced.filePath.slice(0, 20)}`),
    });

    const deleted = await recording(() => asOther(`/api/admin/media/${item.id}`, { method: "DELETE" }));
    expect(deleted.result.status).toBe(200);
    expectOneEntry(deleted.entries, { actor: OTHER, entity: "media", entityId: item.id, action: "delete", summary: /^originalName: audit-porch-2\.png; mimeType: image\/png; fileSize: \d+$/ });
  });

  it("records link and unlink as the property's, from the JSON calls and the tabs' forms", async () => {
    const property = await newProperty({ name: "Audit Links" });
    const objectPath = await uploadedObjectPath();
    const item = (await (await call("/api/admin/media/upload", { method: "POST", body: mediaBody(objectPath, "audit-link.png") })).json()) as { id: number };

    const linked = await recording(() => call(`/api/admin/properties/${property}/media/${item.id}/link`, { method: "POST" }));
    expect(linked.result.status).toBe(200);
    expectOneEntry(linked.entries, { actor: ADMIN, entity: "property", entityId: property, action: "link", summary: `Audit Links: media ${item.id} audit-link.png` });

    const unlinked = await recording(() => postForm(`/admin/dashboard/properties/${property}/media`, { intent: "unlink", mediaId: String(item.id) }, otherCookie));
    expect(unlinked.result.status).toBe(302);
    expectOneEntry(unlinked.entries, { actor: OTHER, entity: "property", entityId: property, action: "unlink", summary: `Audit Links: media ${item.id} audit-link.png` });

    const other = await newProperty({ name: "Audit Links Two" });
    await call(`/api/admin/properties/${property}/media/${item.id}/link`, { method: "POST" });
    const moved = await recording(() => postForm(`/admin/dashboard/media/${item.id}/link`, { propertyId: String(other) }));
    expect(moved.result.status).toBe(302);
    expectOneEntry(moved.entries, {
      actor: ADMIN,
      entity: "property",
      entityId: other,
      action: "link",
      summary: `Audit Links Two: media ${item.id} audit-link.png (moved from property ${property})`,
    });

    const heroForm = await recording(() => postForm("/admin/dashboard/media", { intent: "hero", id: String(item.id), isHeroImage: "true" }, otherCookie));
    expect(heroForm.result.status).toBe(302);
    expectOneEntry(heroForm.entries, { actor: OTHER, entity: "media", entityId: item.id, action: "hero", summary: "audit-link.png: isHeroImage: false → true" });

    // Refused: not linked there, unknown ids, a bad flag.
    await expectNothingRecorded(() => call(`/api/admin/properties/${property}/media/${item.id}/unlink`, { method: "DELETE" }), 404);
    await expectNothingRecorded(() => call(`/api/admin/properties/987654/media/${item.id}/link`, { method: "POST" }), 404);
    await expectNothingRecorded(() => call(`/api/admin/properties/${property}/media/987654/link`, { method: "POST" }), 404);
    await expectNothingRecorded(() => call(`/api/admin/media/${item.id}/hero`, { method: "PATCH", body: { isHeroImage: "yes" } }), 400);
    await expectNothingRecorded(() => call("/api/admin/media/987654/hero", { method: "PATCH", body: { isHeroImage: true } }), 404);
    await expectNothingRecorded(() => postForm("/admin/dashboard/media", { intent: "hero", id: "987654", isHeroImage: "true" }), 302);
    await expectNothingRecorded(() => call("/api/admin/media/987654", { method: "DELETE" }), 404);
  });

  it("records nothing for an upload that is refused: someone else's, used twice, not an image", async () => {
    const othersUpload = await uploadedObjectPath(otherCookie);
    await expectNothingRecorded(() => call("/api/admin/media/upload", { method: "POST", body: mediaBody(othersUpload, "not-mine.png") }), 404);

    const mine = await uploadedObjectPath();
    expect((await call("/api/admin/media/upload", { method: "POST", body: mediaBody(mine, "once.png") })).status).toBe(201);
    await expectNothingRecorded(() => call("/api/admin/media/upload", { method: "POST", body: mediaBody(mine, "twice.png") }), 409);
    await expectNothingRecorded(() => call("/api/admin/media/987654/reupload", { method: "PUT", body: mediaBody(mine, "gone.png") }), 404);

    const slot = await call("/api/objects/upload", { method: "POST" });
    const { uploadURL } = (await slot.json()) as { uploadURL: string };
    await fetch(uploadURL, { method: "PUT", headers: { "Content-Type": "image/png" }, body: new TextEncoder().encode("not a picture at all") });
    const claimed = await call("/api/property-images", { method: "PUT", body: { imageURL: uploadURL } });
    const { objectPath } = (await claimed.json()) as { objectPath: string };
    await expectNothingRecorded(() => call("/api/admin/media/upload", { method: "POST", body: mediaBody(objectPath, "fake.png") }), 415);
  });
});

// ---------------------------------------------------------------------------------
// FAQs

const faqBody = (overrides: Record<string, unknown> = {}) => ({
  question: "Do you allow pets?",
  answer: "Yes, up to two.",
  questionSpanish: "¿Se permiten mascotas?",
  answerSpanish: "Sí, hasta dos.",
  sortOrder: 5,
  isActive: true,
  ...overrides,
});

describe("FAQs", () => {
  it("records create, update and delete through the JSON calls", async () => {
    const created = await recording(() => call("/api/admin/faqs", { method: "POST", body: faqBody() }));
    expect(created.result.status).toBe(201);
    const { id } = (await created.result.json()) as { id: number };
    expectOneEntry(created.entries, { actor: ADMIN, entity: "faq", entityId: id, action: "create", summary: "question: Do you allow pets?; sortOrder: 5; isActive: true" });

    const updated = await recording(() => asOther(`/api/admin/faqs/${id}`, { method: "PUT", body: faqBody({ answer: "Yes, up to three.", sortOrder: 6 }) }));
    expect(updated.result.status).toBe(200);
    expectOneEntry(updated.entries, { actor: OTHER, entity: "faq", entityId: id, action: "update", summary: "answer: Yes, up to two. → Yes, up to three.; sortOrder: 5 → 6" });

    await expectNothingRecorded(() => call(`/api/admin/faqs/${id}`, { method: "PUT", body: faqBody({ question: "" }) }), 400);
    await expectNothingRecorded(() => call("/api/admin/faqs", { method: "POST", rawBody: "null" }), 400);
    await expectNothingRecorded(() => call("/api/admin/faqs/987654", { method: "PUT", body: faqBody() }), 404);
    await expectNothingRecorded(() => call("/api/admin/faqs/987654", { method: "DELETE" }), 404);

    const deleted = await recording(() => call(`/api/admin/faqs/${id}`, { method: "DELETE" }));
    expect(deleted.result.status).toBe(200);
    expectOneEntry(deleted.entries, { actor: ADMIN, entity: "faq", entityId: id, action: "delete", summary: "question: Do you allow pets?; sortOrder: 6; isActive: true" });
  });

  it("records the FAQ forms of the dashboard with the admin who sent them", async () => {
    const created = await recording(() =>
      postForm("/admin/dashboard/faqs/new", { question: "Is there parking?", answer: "Two spaces.", questionSpanish: "¿Hay estacionamiento?", answerSpanish: "Dos lugares.", sortOrder: "8", isActive: "on" }, otherCookie),
    );
    expect(created.result.status).toBe(302);
    const id = withDb((db) => (db.prepare("select id from faqs where question = ?").get("Is there parking?") as { id: number }).id);
    const entry = expectOneEntry(created.entries, { actor: OTHER, entity: "faq", entityId: id, action: "create", summary: "question: Is there parking?; sortOrder: 8; isActive: true" });

    // The switch left off sends nothing: the FAQ becomes inactive.
    const edited = await recording(() =>
      postForm(`/admin/dashboard/faqs/${entry.entityId}/edit`, { question: "Is there parking?", answer: "Two spaces.", questionSpanish: "¿Hay estacionamiento?", answerSpanish: "Dos lugares.", sortOrder: "8" }),
    );
    expectOneEntry(edited.entries, { actor: ADMIN, entity: "faq", entityId: entry.entityId, action: "update", summary: "isActive: true → false" });

    await expectNothingRecorded(() => postForm("/admin/dashboard/faqs/new", { question: "", answer: "" }), 400);

    const deleted = await recording(() => postForm(`/admin/dashboard/faqs/${entry.entityId}/delete`, {}, otherCookie));
    expectOneEntry(deleted.entries, { actor: OTHER, entity: "faq", entityId: entry.entityId, action: "delete", summary: "question: Is there parking?; sortOrder: 8; isActive: false" });
    await expectNothingRecorded(() => postForm(`/admin/dashboard/faqs/${entry.entityId}/delete`, {}), 302);
  });
});

// ---------------------------------------------------------------------------------
// Whitelist

const whitelistId = (email: string) => withDb((db) => (db.prepare("select id from admin_whitelist where email = ?").get(email) as { id: number } | undefined)?.id);

describe("the whitelist", () => {
  it("records the address added and removed, through the JSON calls and the Admins tab", async () => {
    const added = await recording(() => call("/api/admin/whitelist", { method: "POST", body: { email: "New.Helper@Example.com" } }));
    expect(added.result.status).toBe(201);
    const { id } = (await added.result.json()) as { id: number };
    expectOneEntry(added.entries, { actor: ADMIN, entity: "whitelist", entityId: id, action: "add", summary: "email: new.helper@example.com" });

    await expectNothingRecorded(() => call("/api/admin/whitelist", { method: "POST", body: { email: "new.helper@example.com" } }), 409);
    await expectNothingRecorded(() => call("/api/admin/whitelist", { method: "POST", body: { email: "nope" } }), 400);
    await expectNothingRecorded(() => postForm("/admin/dashboard/admins/new", { email: "NEW.helper@example.com" }), 409);

    const removed = await recording(() => postForm(`/admin/dashboard/admins/${id}/remove`, {}, otherCookie));
    expect(removed.result.status).toBe(302);
    expectOneEntry(removed.entries, { actor: OTHER, entity: "whitelist", entityId: id, action: "remove", summary: "email: new.helper@example.com" });
    await expectNothingRecorded(() => call(`/api/admin/whitelist/${id}`, { method: "DELETE" }), 404);

    const formAdded = await recording(() => postForm("/admin/dashboard/admins/new", { email: "form.helper@example.com" }, otherCookie));
    expect(formAdded.result.status).toBe(302);
    const formId = whitelistId("form.helper@example.com")!;
    expectOneEntry(formAdded.entries, { actor: OTHER, entity: "whitelist", entityId: formId, action: "add", summary: "email: form.helper@example.com" });
    const apiRemoved = await recording(() => call(`/api/admin/whitelist/${formId}`, { method: "DELETE" }));
    expect(apiRemoved.result.status).toBe(200);
    expectOneEntry(apiRemoved.entries, { actor: ADMIN, entity: "whitelist", entityId: formId, action: "remove", summary: "email: form.helper@example.com" });
  });

  it("records nothing when an admin tries to remove their own address", async () => {
    const own = whitelistId(ADMIN)!;
    await expectNothingRecorded(() => call(`/api/admin/whitelist/${own}`, { method: "DELETE" }), 403);
    await expectNothingRecorded(() => postForm(`/admin/dashboard/admins/${own}/remove`, {}), 302);
    expect(whitelistId(ADMIN)).toBe(own);
  });
});

// ---------------------------------------------------------------------------------
// Settings

describe("settings", () => {
  it("records the contact e-mail created, changed by the JSON calls and saved by the Settings tab, with its values", async () => {
    await expectNothingRecorded(() => call("/api/admin/configurations/contact_email", { method: "PUT", body: { value: "x@example.com" } }), 404);
    await expectNothingRecorded(() => call("/api/admin/configurations", { method: "POST", body: { key: "smtp_password", value: "hunter2" } }), 400);

    const created = await recording(() =>
      call("/api/admin/configurations", { method: "POST", body: { key: "contact_email", value: "leasing@example.com", description: "Email address where contact form submissions are sent" } }),
    );
    expect(created.result.status).toBe(201);
    expectOneEntry(created.entries, { actor: ADMIN, entity: "setting", entityId: "contact_email", action: "create", summary: "contact_email: leasing@example.com" });
    await expectNothingRecorded(() => call("/api/admin/configurations", { method: "POST", body: { key: "contact_email", value: "again@example.com" } }), 409);

    const updated = await recording(() => asOther("/api/admin/configurations/contact_email", { method: "PUT", body: { value: "office@example.com" } }));
    expect(updated.result.status).toBe(200);
    expectOneEntry(updated.entries, { actor: OTHER, entity: "setting", entityId: "contact_email", action: "update", summary: "contact_email: leasing@example.com → office@example.com" });
    await expectNothingRecorded(() => call("/api/admin/configurations/contact_email", { method: "PUT", body: { value: "not an address" } }), 400);

    const saved = await recording(() => postForm("/admin/dashboard/settings", { value: "front.desk@example.com" }));
    expect(saved.result.status).toBe(302);
    expectOneEntry(saved.entries, { actor: ADMIN, entity: "setting", entityId: "contact_email", action: "update", summary: "contact_email: office@example.com → front.desk@example.com" });
    await expectNothingRecorded(() => postForm("/admin/dashboard/settings", { value: "nope" }), 400);
    // Sending a test e-mail changes no setting.
    await expectNothingRecorded(() => call("/api/admin/configurations/test-email", { method: "POST", body: {} }), 200);
  });
});

// ---------------------------------------------------------------------------------
// Texts

describe("text entries", () => {
  it("records the key and the language changed, through the JSON call and the Text tab", async () => {
    const list = (await (await call("/api/admin/text-entries?q=footer.description")).json()) as { id: number; key: string; englishText: string; spanishText: string }[];
    const entry = list.find((item) => item.key === "footer.description")!;

    const english = await recording(() => call(`/api/admin/text-entries/${entry.id}`, { method: "PUT", body: { key: entry.key, englishText: "Homes we care for.", spanishText: entry.spanishText } }));
    expect(english.result.status).toBe(200);
    expectOneEntry(english.entries, { actor: ADMIN, entity: "text", entityId: entry.id, action: "update", summary: /^footer\.description: englishText: .+ → Homes we care for\.$/ });

    const spanish = await recording(() => postForm(`/admin/dashboard/text/${entry.id}/edit`, { key: entry.key, englishText: "Homes we care for.", spanishText: "Casas que cuidamos." }, otherCookie));
    expect(spanish.result.status).toBe(302);
    expectOneEntry(spanish.entries, { actor: OTHER, entity: "text", entityId: entry.id, action: "update", summary: /^footer\.description: spanishText: .+ → Casas que cuidamos\.$/ });

    await expectNothingRecorded(() => call(`/api/admin/text-entries/${entry.id}`, { method: "PUT", body: { key: "footer.other", englishText: "x", spanishText: "y" } }), 400);
    await expectNothingRecorded(() => call(`/api/admin/text-entries/${entry.id}`, { method: "PUT", body: { key: entry.key, englishText: "" } }), 400);
    await expectNothingRecorded(() => call("/api/admin/text-entries/987654", { method: "PUT", body: { key: "x", englishText: "x", spanishText: "y" } }), 404);
    await expectNothingRecorded(() => postForm(`/admin/dashboard/text/${entry.id}/edit`, { key: "footer.other", englishText: "x", spanishText: "y" }), 400);
  });
});

// ---------------------------------------------------------------------------------
// Sign-in and sign-out

function linkFromMail(raw: string): string {
  const text = mimeParts(raw).find((part) => part.contentType === "text/plain")!.body;
  return text.split(/\r?\n/).find((line) => line.startsWith(`${app.url}/admin/auth/magic?`))!;
}

function submitToken(token: string) {
  return fetch(`${app.url}/admin/auth/magic`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
    body: new URLSearchParams({ token }).toString(),
  });
}

const logout = (cookie: string) => postForm("/admin/auth/logout", {}, cookie);

describe("sign-in and sign-out", () => {
  it("records a Google sign-in and the sign-out of that session, once", async () => {
    const signed = await recording(() => signedIn.signIn(THIRD));
    expectOneEntry(signed.entries, { actor: THIRD, entity: "session", entityId: null, action: "sign-in", summary: "method: google" });

    const out = await recording(() => logout(signed.result));
    expect(out.result.status).toBe(302);
    expectOneEntry(out.entries, { actor: THIRD, entity: "session", entityId: null, action: "sign-out", summary: "" });
    // The session is gone: signing out again changes nothing and records nothing.
    await expectNothingRecorded(() => logout(signed.result), 302);
    await expectNothingRecorded(() => logout("__session=forged"), 302);
  });

  it("records a sign-in by e-mailed link, and nothing for a link that does not sign in", async () => {
    const requested = await recording(() =>
      fetch(`${app.url}/api/admin/auth/magic/request`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: THIRD }) }),
    );
    expect(requested.result.status).toBe(200);
    // Asking for a link signs no one in.
    expect(requested.entries).toEqual([]);
    // The first mail to this address (a Google sign-in sends none).
    const mail = await sink.waitFor((item) => item.to.includes(THIRD));
    const token = new URL(linkFromMail(mail.raw)).searchParams.get("token")!;

    const signed = await recording(() => submitToken(token));
    expect(signed.result.headers.get("location")).toBe("/admin/dashboard");
    expectOneEntry(signed.entries, { actor: THIRD, entity: "session", entityId: null, action: "sign-in", summary: "method: email link" });

    // Used again, or made up: no sign-in.
    await expectNothingRecorded(() => submitToken(token), 302);
    await expectNothingRecorded(() => submitToken("made-up-token"), 302);
  });
});

// ---------------------------------------------------------------------------------
// One transaction: an entry that cannot be written takes its change with it

describe("the change and its entry", () => {
  it("are written together: when the entry fails, the change is undone", async () => {
    const faq = (await (await call("/api/admin/faqs", { method: "POST", body: faqBody({ question: "Kept FAQ?" }) })).json()) as { id: number };
    // A trigger stands in for a failing write of the log (disk full, say).
    withDb((db) => db.exec("create trigger refuse_audit before insert on audit_log when new.summary like '%REFUSED-ENTRY%' or new.action = 'delete' begin select raise(abort, 'log refused'); end"));
    try {
      const created = await recording(() => call("/api/admin/properties", { method: "POST", body: propertyBody({ name: "REFUSED-ENTRY home" }) }));
      expect(created.result.status).toBe(500);
      expect(created.entries).toEqual([]);
      expect(withDb((db) => db.prepare("select count(*) as n from properties where name like 'REFUSED-ENTRY%'").get())).toEqual({ n: 0 });

      const deleted = await recording(() => call(`/api/admin/faqs/${faq.id}`, { method: "DELETE" }));
      expect(deleted.result.status).toBe(500);
      expect(deleted.entries).toEqual([]);
      expect(withDb((db) => db.prepare("select question from faqs where id = ?").get(faq.id))).toEqual({ question: "Kept FAQ?" });
    } finally {
      withDb((db) => db.exec("drop trigger refuse_audit"));
    }
  });
});

// ---------------------------------------------------------------------------------
// Reading the log

type AuditAnswer = {
  entries: { id: number; createdAt: string; actor: string; entity: string; entityId: string | null; action: string; summary: string }[];
  total: number;
  page: number;
  pageCount: number;
  limit: number;
};

async function audit(query = "", cookie?: string): Promise<AuditAnswer> {
  const response = await call(`/api/admin/audit${query}`, { cookie });
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return (await response.json()) as AuditAnswer;
}

describe("what the log shows of a name (decision 041)", () => {
  const OVERRIDE = "\u202E";

  it("refuses a home renamed with a right-to-left override, and records nothing", async () => {
    const id = await newProperty({ name: "Audit Lot 5" });
    await expectNothingRecorded(() => call(`/api/admin/properties/${id}`, { method: "PUT", body: propertyBody({ name: `Audit Lot 5 ${OVERRIDE}6 toL` }) }), 400);
    await expectNothingRecorded(() => call("/api/admin/faqs", { method: "POST", body: faqBody({ question: `Pets${OVERRIDE}?` }) }), 400);
  });

  it("stores a name written past the checks with its controls and overrides as visible escapes", async () => {
    // A home named before names were checked: "Lot 5 → Lot 6" would read as a rename.
    const property = await newProperty({ name: "Audit Escapes" });
    withDb((db) => db.prepare("update properties set name = ? where id = ?").run(`Audit Lot 5\u0000 ${OVERRIDE}6 toL\u001b[2J`, property));
    const objectPath = await uploadedObjectPath();
    const item = (await (await call("/api/admin/media/upload", { method: "POST", body: mediaBody(objectPath, "audit-escape.png") })).json()) as { id: number };

    const linked = await recording(() => call(`/api/admin/properties/${property}/media/${item.id}/link`, { method: "POST" }));
    expect(linked.result.status).toBe(200);
    const entry = expectOneEntry(linked.entries, {
      actor: ADMIN,
      entity: "property",
      entityId: property,
      action: "link",
      summary: `Audit Lot 5\\u0000 \\u202E6 toL\\u001B[2J: media ${item.id} audit-escape.png`,
    });
    expect((await audit("?entity=property&limit=1")).entries[0]).toMatchObject({ id: entry.id, summary: entry.summary });
  });

  it("shows entries written before, with controls and overrides, escaped on the Overview and in GET /api/admin/audit", async () => {
    const raw = `name: Lot 5 → Lot ${OVERRIDE}6 toL\u0000\nfaked: entry`;
    const shown = "name: Lot 5 → Lot \\u202E6 toL\\u0000\\u000Afaked: entry";
    const id = withDb(
      (db) =>
        db
          .prepare("insert into audit_log (actor, entity, entity_id, action, summary, created_at) values (?, 'property', '5', 'update', ?, ?)")
          .run(`${ADMIN}${OVERRIDE}`, raw, Date.now() + 60_000).lastInsertRowid as number,
    );
    try {
      const [newest] = (await audit("?limit=1")).entries;
      expect(newest).toMatchObject({ id, actor: `${ADMIN}\\u202E`, summary: shown });

      const texts = visibleTexts(await (await fetch(`${app.url}/admin/dashboard`, { headers: { Cookie: signedIn.cookie } })).text());
      expect(texts).toContain(shown);
      expect(texts.filter((text) => text.includes(OVERRIDE) || text.includes("\u0000"))).toEqual([]);
    } finally {
      withDb((db) => db.prepare("delete from audit_log where id = ?").run(id));
    }
  });

  it("refuses a recorded upload's name with a control character or an override; a form's file loses them", async () => {
    const objectPath = await uploadedObjectPath();
    const before = (await call("/api/admin/media?limit=1")).headers.get("x-total-count");
    const refused = await recording(() => call("/api/admin/media/upload", { method: "POST", body: mediaBody(objectPath, `porch${OVERRIDE}gnp.exe`) }));
    await expectJson(refused.result, 400, {
      error: "Invalid upload",
      fieldErrors: { filename: ["filename must be one line, without control characters or text direction overrides (such as NUL, ESC or U+202E)"] },
    });
    expect(refused.entries).toEqual([]);
    expect((await call("/api/admin/media?limit=1")).headers.get("x-total-count")).toBe(before);

    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(await png(20, 20))], { type: "image/png" }), `audit-form${OVERRIDE}gnp\u001b.exe.png`);
    const uploaded = await recording(() =>
      fetch(`${app.url}/admin/dashboard/media/upload`, { method: "POST", headers: { Origin: app.url, Cookie: signedIn.cookie }, body: form, redirect: "manual" }),
    );
    expect(uploaded.result.status).toBe(302);
    const [item] = (await (await call("/api/admin/media?q=audit-form")).json()) as { id: number; originalName: string }[];
    expect(item.originalName).toBe("audit-formgnp.exe.png");
    expectOneEntry(uploaded.entries, { actor: ADMIN, entity: "media", entityId: item.id, action: "upload", summary: /^originalName: audit-formgnp\.exe\.png; / });
  });
});

describe("GET /api/admin/audit", () => {
  it("answers the newest entries first, 25 a page by default, with the fields of each", async () => {
    const all = auditRows().reverse();
    expect(all.length).toBeGreaterThan(25);
    const first = await audit();
    expect(first).toMatchObject({ total: all.length, page: 1, pageCount: Math.ceil(all.length / 25), limit: 25 });
    expect(first.entries.map((entry) => entry.id)).toEqual(all.slice(0, 25).map((row) => row.id));
    expect(first.entries[0]).toEqual({
      id: all[0].id,
      createdAt: new Date(all[0].createdAt).toISOString(),
      actor: all[0].actor,
      entity: all[0].entity,
      entityId: all[0].entityId,
      action: all[0].action,
      summary: all[0].summary,
    });
  });

  it("pages with ?page= and ?limit= (at most 100); a page past the last shows the last", async () => {
    const all = auditRows().reverse();
    const second = await audit("?page=2&limit=3");
    expect(second).toMatchObject({ total: all.length, page: 2, pageCount: Math.ceil(all.length / 3), limit: 3 });
    expect(second.entries.map((entry) => entry.id)).toEqual(all.slice(3, 6).map((row) => row.id));
    const past = await audit("?page=9999&limit=100");
    expect(past.page).toBe(past.pageCount);
    expect(past.entries.at(-1)?.id).toBe(all.at(-1)?.id);
  });

  it("filters by entity and by actor (any case), together or apart", async () => {
    const all = auditRows().reverse();
    const faqs = await audit("?entity=faq&limit=100");
    expect(faqs.entries.map((entry) => entry.id)).toEqual(all.filter((row) => row.entity === "faq").map((row) => row.id));
    expect(faqs.total).toBeGreaterThan(0);

    const other = await audit(`?actor=${encodeURIComponent(OTHER.toUpperCase())}&limit=100`);
    expect(other.entries.map((entry) => entry.id)).toEqual(all.filter((row) => row.actor === OTHER).map((row) => row.id));

    const both = await audit(`?actor=${OTHER}&entity=session&limit=100`);
    expect(both.entries.map((entry) => [entry.actor, entry.entity, entry.action])).toEqual([[OTHER, "session", "sign-in"]]);

    expect(await audit("?actor=nobody@example.com")).toMatchObject({ entries: [], total: 0, page: 1, pageCount: 1 });
  });

  it.each([
    ["?entity=house", { entity: ["entity must be one of property, media, faq, whitelist, setting, text, message, session, passkey"] }],
    ["?page=0", { page: ["page must be a positive whole number"] }],
    ["?page=two", { page: ["page must be a positive whole number"] }],
    ["?limit=101", { limit: ["limit must be at most 100"] }],
    ["?limit=-1", { limit: ["limit must be a positive whole number"] }],
  ])("answers 400 with field errors for %s", async (query, fieldErrors) => {
    await expectJson(await call(`/api/admin/audit${query}`), 400, { error: "Invalid filter or paging parameters", fieldErrors });
  });

  it("answers 401 without a session, and 405 with Allow to a write; neither is recorded", async () => {
    await expectNothingRecorded(async () => {
      const response = await call("/api/admin/audit", { cookie: null });
      await expectJson(response, 401, { error: "Unauthorized" });
      return response;
    }, 401);
    const response = await call("/api/admin/audit", { method: "POST", body: {} });
    expect(response.headers.get("allow")).toBe("GET");
    await expectJson(response, 405, { error: "Method not allowed" });
  });
});

describe("the Overview", () => {
  it("shows the last 10 entries under 'Recent activity', newest first, with who, what and when", async () => {
    const page = await fetch(`${app.url}/admin/dashboard`, { headers: { Cookie: signedIn.cookie } });
    const html = await page.text();
    const texts = visibleTexts(html);
    expect(texts).toEqual(expect.arrayContaining(["Total Properties", "Recent activity"]));
    const latest = auditRows().reverse().slice(0, 10);
    const shown = [...html.matchAll(/<time datetime="([^"]+)"/gi)].map((match) => match[1]);
    expect(shown).toEqual(latest.map((row) => new Date(row.createdAt).toISOString()));
    expect(texts).toContain(latest[0].actor);
  });

  it("says so while the log is empty", async () => {
    // The last test of the file: the log is emptied behind the server's back.
    withDb((db) => db.exec("delete from audit_log"));
    const texts = visibleTexts(await (await fetch(`${app.url}/admin/dashboard`, { headers: { Cookie: signedIn.cookie } })).text());
    expect(texts).toEqual(expect.arrayContaining(["Recent activity", "No activity yet"]));
  });
});
