import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonCaller, startSignedInApp, type SignedInApp } from "../support/admin-api";
import { parseCsv } from "../support/csv";
import { visibleTexts } from "../support/html";
import { withServerDatabase } from "../support/server";

// The Overview's answer times (docs/product.md, "Stages"): how many enquiries wait for a
// reply and for how long the oldest, and the median time to a first reply over the last
// 30 days, from when each enquiry first left 'new'.

const HOUR = 3_600_000;
let ctx: SignedInApp;
const call = jsonCaller(() => ctx.app, () => ctx.cookie);

beforeAll(async () => {
  ctx = await startSignedInApp({ email: "figures@example.com" });
});
afterAll(async () => {
  await ctx?.stop();
});

/** An enquiry received `agoHours` ago, answered `repliedAfterHours` later (or not at all). */
function enquiry(lastName: string, agoHours: number, repliedAfterHours: number | null): number {
  const created = Date.now() - agoHours * HOUR;
  return withServerDatabase(ctx.app, (db) =>
    Number(
      db
        .prepare(
          "insert into contact_messages (first_name, last_name, email, subject, message, stage, first_replied_at, created_at) values ('Ana', ?, 'ana@example.com', 'other', 'Hi', ?, ?, ?)",
        )
        .run(lastName, repliedAfterHours === null ? "new" : "replied", repliedAfterHours === null ? null : created + repliedAfterHours * HOUR, created).lastInsertRowid,
    ),
  );
}

async function overview(): Promise<string[]> {
  const response = await fetch(`${ctx.app.url}/admin/dashboard`, { headers: { Cookie: ctx.cookie } });
  expect(response.status).toBe(200);
  return visibleTexts(await response.text());
}

describe("the Overview's answer times", () => {
  it("counts the enquiries waiting, the oldest's wait and the median first reply of the last 30 days", async () => {
    withServerDatabase(ctx.app, (db) => db.prepare("delete from contact_messages").run());
    expect(await overview()).toEqual(expect.arrayContaining(["Waiting for a reply", "0", "Median time to first reply, last 30 days", "No replies yet"]));

    enquiry("Waiting1", 5.2, null);
    const waiting = enquiry("Waiting2", 1, null);
    enquiry("Fast", 48, 1);
    enquiry("Middle", 72, 2.5);
    enquiry("Slow", 96, 30);
    // Older than 30 days: not in the median.
    enquiry("Old", 24 * 40, 200);
    const texts = await overview();
    const after = (label: string) => texts[texts.indexOf(label) + 1];
    expect(after("Waiting for a reply")).toBe("2");
    expect(texts.join(" ")).toMatch(/The oldest has waited 5 hours 1\d minutes\. See them/);
    expect(after("Median time to first reply, last 30 days")).toBe("2 hours 30 minutes");

    // Answering the waiting one: it leaves the count, and its first reply is stamped once.
    await call(`/api/admin/messages/${waiting}`, { method: "PATCH", body: { stage: "applied" } });
    await call(`/api/admin/messages/${waiting}`, { method: "PATCH", body: { stage: "new" } });
    await call(`/api/admin/messages/${waiting}`, { method: "PATCH", body: { stage: "replied" } });
    const stamps = withServerDatabase(ctx.app, (db) => db.prepare("select first_replied_at as first, stage_changed_at as changed from contact_messages where id = ?").get(waiting) as { first: number; changed: number });
    expect(stamps.first).toBeLessThan(stamps.changed);
    expect((await overview())[texts.indexOf("Waiting for a reply") + 1]).toBe("1");

    const csv = await fetch(`${ctx.app.url}/api/admin/messages.csv?q=Waiting2`, { headers: { Cookie: ctx.cookie } });
    const [header, row] = parseCsv((await csv.text()).replace(/^\uFEFF/, ""));
    expect(row[header.indexOf("first reply")]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });
});
