import fs from "node:fs";
import { type Browser, type Locator, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { parseCsv } from "../support/csv";
import { layoutProblems } from "./layout-checks";
import { openPage, openSignedIn, signedInState, withE2eDatabase, type StorageState } from "./support";

// The Messages tab as the office uses it, with JavaScript on and off (this file runs in
// both projects): search and filter through the URL, 'Mark as handled' / 'Mark as new'
// with who and when, the home a message is about, and 'Export CSV' of the filter. The
// messages are stored as the contact form stores them, and removed again (with their
// change-log rows) at the end.

const ADMIN = "messages@example.com";
const TAB = "/admin/dashboard/messages";
const CSV_HEADER = "id,received,first name,last name,e-mail,phone,subject,message,home,handled at,handled by,language,visit home,visit times asked,visit confirmed time,visit status,source,campaign,referrer,sent from,stage,closed reason,first reply";
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

let storageState: StorageState;
let ids: number[] = [];
let home: { id: number; name: string };

test.beforeAll(async ({ browser }, testInfo) => {
  storageState = await signedInState(browser, testInfo, ADMIN);
});

test.afterAll(() => {
  withE2eDatabase((db) => {
    for (const id of ids) {
      db.prepare("delete from audit_log where entity = 'message' and entity_id = ?").run(String(id));
      db.prepare("delete from contact_messages where id = ?").run(id);
    }
  });
  ids = [];
});

/** "e2e-js" or "e2e-nojs": in every name, so the two projects never find each other's messages. */
const markerOf = (javaScriptEnabled: boolean) => `e2e-${javaScriptEnabled ? "js" : "nojs"}`;

/** Two messages for this project (once): one about a demo home, one that looks like a formula. */
function storeMessages(marker: string) {
  if (ids.length) return;
  withE2eDatabase((db) => {
    home = db.prepare("select id, name from properties where is_active = 1 order by id limit 1").get() as { id: number; name: string };
    const insert = db.prepare(
      "insert into contact_messages (first_name, last_name, email, phone, subject, message, property_id, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)",
    );
    const now = Date.now();
    ids = [
      Number(insert.run("Lucía", `Treviño-${marker}`, `lucia.${marker}@example.com`, "(214) 555-0199", "rental-inquiry", `¿Hay casas de 3 recámaras? ${marker}`, home.id, now - 60_000).lastInsertRowid),
      Number(insert.run("Mark", `Office-${marker}`, `mark.${marker}@example.com`, null, "investment", `=1+1 and "quotes", ${marker}`, null, now).lastInsertRowid),
    ];
  });
}

function openAs(browser: Browser, baseURL: string | undefined, javaScriptEnabled: boolean, path: string) {
  return openSignedIn(browser, { baseURL, javaScriptEnabled, storageState }, path);
}

const messageOf = (page: Page, name: string): Locator => page.getByRole("article", { name: `Message from ${name}` });

/** Searches as a person does: types, then Enter (with JavaScript it also searches as one types). */
async function search(page: Page, text: string) {
  const box = page.getByRole("searchbox", { name: "Search messages" });
  await box.fill(text);
  await box.press("Enter");
  await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe(text);
}

/** Picks a filter; with JavaScript the list follows at once, without it the Search button sends it. */
async function choose(page: Page, javaScriptEnabled: boolean, label: "Subject" | "Status", option: string, value: string) {
  await page.getByRole("combobox", { name: label }).selectOption({ label: option });
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get(label.toLowerCase())).toBe(value);
}

test("Messages: search by name (accents and case alike), e-mail or text, and filter by subject and status", async ({ browser, baseURL, javaScriptEnabled }) => {
  const marker = markerOf(javaScriptEnabled);
  storeMessages(marker);
  const lucia = `Lucía Treviño-${marker}`;
  const mark = `Mark Office-${marker}`;
  const { page, context } = await openAs(browser, baseURL, javaScriptEnabled, TAB);
  await expect(page.getByRole("heading", { name: "Contact Messages" })).toBeVisible();
  await expect(page.getByText("Messages submitted through the contact form")).toBeVisible();

  await search(page, marker);
  await expect(page.getByRole("article")).toHaveCount(2);
  await expect(page.getByRole("article").first()).toHaveAccessibleName(`Message from ${mark}`);
  // The full name, in capitals and with its accents.
  await search(page, `LUCÍA TREVIÑO-${marker.toUpperCase()}`);
  await expect(page.getByRole("article")).toHaveCount(1);
  const found = messageOf(page, lucia);
  await expect(found).toContainText("Subject: Rental Inquiry");
  await expect(found).toContainText("(214) 555-0199");
  await expect(found).toContainText(`¿Hay casas de 3 recámaras? ${marker}`);
  await expect(found.getByRole("link", { name: home.name, exact: true })).toHaveAttribute("href", `/properties/${home.id}`);
  await search(page, `mark.${marker}@`);
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(messageOf(page, mark)).toBeVisible();

  await search(page, marker);
  await choose(page, javaScriptEnabled, "Subject", "Investment Opportunities", "investment");
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(messageOf(page, mark)).toContainText("Subject: Investment Opportunities");
  await choose(page, javaScriptEnabled, "Status", "Handled", "handled");
  await expect(page.getByText("No messages match your search")).toBeVisible();
  // The filter is in the URL: a reload (or a shared link) shows the same list.
  expect(Object.fromEntries(new URL(page.url()).searchParams)).toMatchObject({ q: marker, subject: "investment", status: "handled" });
  await openPage(page, page.url(), javaScriptEnabled);
  await expect(page.getByRole("combobox", { name: "Subject" })).toHaveValue("investment");
  await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("handled");
  await expect(page.getByRole("searchbox", { name: "Search messages" })).toHaveValue(marker);

  // The tab fits a phone, filters and all.
  const phone = await context.newPage();
  await phone.setViewportSize({ width: 320, height: 640 });
  await openPage(phone, `${TAB}?q=${marker}`, javaScriptEnabled);
  await expect(messageOf(phone, lucia)).toBeVisible();
  expect(await layoutProblems(phone)).toEqual([]);
  await context.close();
});

test("Messages: mark handled (who and when show), filter by it, and mark new again", async ({ browser, baseURL, javaScriptEnabled }) => {
  const marker = markerOf(javaScriptEnabled);
  storeMessages(marker);
  const lucia = `Lucía Treviño-${marker}`;
  const { page, context } = await openAs(browser, baseURL, javaScriptEnabled, `${TAB}?q=${marker}`);
  const message = messageOf(page, lucia);
  await expect(message).toContainText("New");

  await message.getByRole("button", { name: "Mark as handled" }).click();
  await expect(page.getByText("Message marked as handled").first()).toBeVisible();
  await expect(message).toContainText(new RegExp(`Handled by ${ADMIN.replace(".", "\\.")} on \\w{3} \\d{1,2}, \\d{4}, \\d{1,2}:\\d{2} [AP]M`));
  const markNew = message.getByRole("button", { name: "Mark as new" });
  await expect(markNew).toBeVisible();
  // Back on the same search; with JavaScript without a page load, focus still on the button.
  expect(new URL(page.url()).searchParams.get("q")).toBe(marker);
  if (javaScriptEnabled) await expect(markNew).toBeFocused();
  expect(withE2eDatabase((db) => db.prepare("select handled_by from contact_messages where id = ?").get(ids[0]))).toEqual({ handled_by: ADMIN });

  await choose(page, javaScriptEnabled, "Status", "Handled", "handled");
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(message).toBeVisible();
  await choose(page, javaScriptEnabled, "Status", "New", "new");
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(messageOf(page, `Mark Office-${marker}`)).toBeVisible();

  await choose(page, javaScriptEnabled, "Status", "All", "all");
  await message.getByRole("button", { name: "Mark as new" }).click();
  await expect(page.getByText("Message marked as new").first()).toBeVisible();
  await expect(message.getByRole("button", { name: "Mark as handled" })).toBeVisible();
  await expect(message).not.toContainText("Handled by");
  expect(withE2eDatabase((db) => db.prepare("select handled_at, handled_by from contact_messages where id = ?").get(ids[0]))).toEqual({ handled_at: null, handled_by: null });
  const log = withE2eDatabase((db) => db.prepare("select actor, action from audit_log where entity = 'message' and entity_id = ? order by id").all(String(ids[0])));
  expect(log).toEqual([
    { actor: ADMIN, action: "handled" },
    { actor: ADMIN, action: "unhandled" },
  ]);

  // The home the message is about opens on the public site.
  await message.getByRole("link", { name: home.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/properties/${home.id}$`));
  await expect(page.getByRole("heading", { name: home.name }).first()).toBeVisible();
  await context.close();
});

test("Messages: Export CSV downloads the current filter", async ({ browser, baseURL, javaScriptEnabled }) => {
  const marker = markerOf(javaScriptEnabled);
  storeMessages(marker);
  const { page, context } = await openAs(browser, baseURL, javaScriptEnabled, `${TAB}?q=${marker}`);
  const link = page.getByRole("link", { name: "Export CSV" });
  await expect(link).toHaveAttribute("href", `/api/admin/messages.csv?q=${marker}`);

  let text: string;
  if (javaScriptEnabled) {
    const downloading = page.waitForEvent("download");
    await link.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^messages-\d{4}-\d{2}-\d{2}\.csv$/);
    text = fs.readFileSync((await download.path())!, "utf8");
  } else {
    // The same link, fetched with this page's cookies.
    const response = await page.request.get((await link.getAttribute("href"))!);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="messages-\d{4}-\d{2}-\d{2}\.csv"$/);
    text = (await response.body()).toString("utf8");
  }
  // Every text field in quotes, the header's too.
  expect(text.startsWith(`\uFEFF${CSV_HEADER.split(",").map((name) => `"${name}"`).join(",")}\r\n`)).toBe(true);
  // A formula-looking message is written as text; quotes doubled, the field quoted.
  expect(text).toContain(`,"'=1+1 and ""quotes"", ${marker}",`);
  const [header, ...rows] = parseCsv(text.slice(1));
  expect(header.join(",")).toBe(CSV_HEADER);
  // Our two messages, newest first; the home by name; neither is a visit request, so its four visit columns are empty.
  expect(rows).toEqual([
    [String(ids[1]), expect.stringMatching(DATE_TIME), "Mark", `Office-${marker}`, `mark.${marker}@example.com`, "", "Investment Opportunities", `'=1+1 and "quotes", ${marker}`, "", "", "", "", "", "", "", "", "direct", "", "", "", "New", "", ""],
    [String(ids[0]), expect.stringMatching(DATE_TIME), "Lucía", `Treviño-${marker}`, `lucia.${marker}@example.com`, "(214) 555-0199", "Rental Inquiry", `¿Hay casas de 3 recámaras? ${marker}`, home.name, "", "", "", "", "", "", "", "direct", "", "", "", "New", "", ""],
  ]);

  // The filter carries over: the subject narrows the file too.
  await choose(page, javaScriptEnabled, "Subject", "Rental Inquiry", "rental-inquiry");
  const filtered = page.getByRole("link", { name: "Export CSV" });
  await expect(filtered).toHaveAttribute("href", `/api/admin/messages.csv?q=${marker}&subject=rental-inquiry`);
  const narrowed = (await (await page.request.get((await filtered.getAttribute("href"))!)).body()).toString("utf8");
  expect(parseCsv(narrowed.slice(1)).slice(1).map((row) => row[0])).toEqual([String(ids[0])]);
  await context.close();
});
