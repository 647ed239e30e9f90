import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonCaller, postFormFollowed, startSignedInApp, type SignedInApp } from "../support/admin-api";
import { contactMessage, postContactJson } from "../support/contact-posts";
import { parseCsv } from "../support/csv";
import { visibleTexts } from "../support/html";
import { withServerDatabase } from "../support/server";
import { askVisit, insertHome, offeredTimes } from "../support/visits";

// An enquiry's stage (docs/product.md, "Stages"): new, replied, visit scheduled, applied,
// leased, closed with a reason; moved by staff (form and JSON), by the office's answers
// to a visit, filtered on the Messages tab and carried by the CSV.

const STAFF = "stages@example.com";
let ctx: SignedInApp;
const call = jsonCaller(() => ctx.app, () => ctx.cookie);

beforeAll(async () => {
  ctx = await startSignedInApp({ email: STAFF, env: { RATE_LIMIT_FACTOR: "100" } });
});
afterAll(async () => {
  await ctx?.stop();
});

async function enquiry(lastName: string): Promise<number> {
  const response = await postContactJson(ctx.app, contactMessage(lastName));
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

const stored = (id: number) =>
  withServerDatabase(ctx.app, (db) => db.prepare("select stage, closed_reason as reason from contact_messages where id = ?").get(id) as { stage: string; reason: string | null });

const stamp = () => Date.now().toString(36);

describe("an enquiry's stage", () => {
  it("starts new; staff move it by JSON, a closed one only with its reason, each move in the change log", async () => {
    const id = await enquiry(`Json${stamp()}`);
    expect(stored(id)).toEqual({ stage: "new", reason: null });

    const leased = await call(`/api/admin/messages/${id}`, { method: "PATCH", body: { stage: "leased", reason: "other" } });
    expect(leased.status).toBe(200);
    expect(await leased.json()).toMatchObject({ id, stage: "leased", closedReason: null });

    const noReason = await call(`/api/admin/messages/${id}`, { method: "PATCH", body: { stage: "closed" } });
    expect(noReason.status).toBe(400);
    expect(await noReason.json()).toEqual({ error: "Failed to move the enquiry", fieldErrors: { reason: ["Choose why it was closed"] } });
    const unknown = await call(`/api/admin/messages/${id}`, { method: "PATCH", body: { stage: "won", reason: "lost" } });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors).toEqual({
      stage: ["The stage must be one of new, replied, visit_scheduled, applied, leased, closed"],
      reason: ["The reason must be one of rented_elsewhere, no_answer, not_qualified, other"],
    });
    expect(stored(id)).toEqual({ stage: "leased", reason: null });

    const closed = await call(`/api/admin/messages/${id}`, { method: "PATCH", body: { stage: "closed", reason: "rented_elsewhere" } });
    expect(await closed.json()).toMatchObject({ stage: "closed", closedReason: "rented_elsewhere" });
    // The handled switch is unchanged by it, and still answers as before.
    const handled = await call(`/api/admin/messages/${id}`, { method: "PATCH", body: { handled: true } });
    expect(await handled.json()).toMatchObject({ stage: "closed", handledBy: STAFF });

    const moves = withServerDatabase(ctx.app, (db) =>
      db.prepare("select action, summary from audit_log where entity = 'message' and entity_id = ? and action = 'stage' order by id").all(String(id)),
    );
    expect(moves).toEqual([
      { action: "stage", summary: "stage: new → leased" },
      { action: "stage", summary: "stage: leased → closed; closedReason: — → rented_elsewhere" },
    ]);
  });

  it("is moved by the tab's form without JavaScript, refused with a clear toast when closed without a reason", async () => {
    const lastName = `Form${stamp()}`;
    const id = await enquiry(lastName);
    const refused = await postFormFollowed(ctx.app, ctx.cookie, `/admin/dashboard/messages?q=${lastName}`, { id: String(id), intent: "stage", stage: "closed", reason: "" });
    expect(refused.location).toBe(`/admin/dashboard/messages?q=${lastName}`);
    expect(visibleTexts(refused.html)).toContain("Choose why it was closed");
    expect(stored(id)).toEqual({ stage: "new", reason: null });

    const moved = await postFormFollowed(ctx.app, ctx.cookie, `/admin/dashboard/messages?q=${lastName}`, { id: String(id), intent: "stage", stage: "applied", reason: "no_answer" });
    const texts = visibleTexts(moved.html);
    expect(texts).toContain("Moved to Applied");
    expect(texts).toContain("Stage:");
    expect(texts).toContain("Applied");
    // A reason goes only with a closed enquiry.
    expect(stored(id)).toEqual({ stage: "applied", reason: null });
  });

  it("follows the office's answers to a visit: confirmed is visit scheduled, declined is replied; a later stage stays", async () => {
    const homeId = insertHome(ctx.app, `Stage Lot ${stamp()}`);
    const times = await offeredTimes(ctx.app, homeId);
    const confirmed = await askVisit(ctx.app, homeId, [times[0]]);
    const declined = await askVisit(ctx.app, homeId, [times[1]]);
    const applied = await askVisit(ctx.app, homeId, [times[2]]);
    await call(`/api/admin/messages/${applied}`, { method: "PATCH", body: { stage: "applied" } });

    expect((await call(`/api/admin/visits/${confirmed}/confirm`, { method: "POST", body: { time: times[0] } })).status).toBe(200);
    expect((await call(`/api/admin/visits/${declined}/decline`, { method: "POST", body: {} })).status).toBe(200);
    expect((await call(`/api/admin/visits/${applied}/confirm`, { method: "POST", body: { time: times[2] } })).status).toBe(200);
    expect(stored(confirmed)).toEqual({ stage: "visit_scheduled", reason: null });
    expect(stored(declined)).toEqual({ stage: "replied", reason: null });
    expect(stored(applied)).toEqual({ stage: "applied", reason: null });
  });

  it("filters the tab and the CSV by stage, which carries the stage and the closed reason", async () => {
    const mark = stamp();
    const open = await enquiry(`Open${mark}`);
    const gone = await enquiry(`Gone${mark}`);
    await call(`/api/admin/messages/${gone}`, { method: "PATCH", body: { stage: "closed", reason: "not_qualified" } });

    const closedTab = visibleTexts(await (await fetch(`${ctx.app.url}/admin/dashboard/messages?q=${mark}&stage=closed`, { headers: { Cookie: ctx.cookie } })).text());
    expect(closedTab).toContain(`Ana Gone${mark}`);
    expect(closedTab).not.toContain(`Ana Open${mark}`);
    expect(closedTab).toContain("Closed (not qualified)");

    const csv = await fetch(`${ctx.app.url}/api/admin/messages.csv?q=${mark}`, { headers: { Cookie: ctx.cookie } });
    const [header, ...rows] = parseCsv((await csv.text()).replace(/^\uFEFF/, ""));
    expect(header.slice(-3)).toEqual(["stage", "closed reason", "first reply"]);
    const byId = new Map(rows.map((row) => [row[0], row.slice(-3, -1)]));
    expect(byId.get(String(open))).toEqual(["New", ""]);
    expect(byId.get(String(gone))).toEqual(["Closed", "Not qualified"]);

    const onlyNew = await fetch(`${ctx.app.url}/api/admin/messages.csv?q=${mark}&stage=new`, { headers: { Cookie: ctx.cookie } });
    expect(parseCsv((await onlyNew.text()).replace(/^\uFEFF/, "")).slice(1).map((row) => row[0])).toEqual([String(open)]);
    const wrong = await call(`/api/admin/messages.csv?stage=won`);
    expect(wrong.status).toBe(400);
  });
});
