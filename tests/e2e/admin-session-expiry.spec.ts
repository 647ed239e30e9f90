import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import Database from "better-sqlite3";
import { openSignedIn, signedInState, type StorageState } from "./support";

// docs/product.md §4, the session-expiry rule: when the session has ended while a tab is
// open, the next save (or tab change) of every tab ends on
// /admin/login?error=session_expired, with JavaScript on and off, writes nothing and
// shows no failure toast. The session row is taken away for one action, then put back,
// so one sign-in serves the whole file.

const ADMIN = "expiry@example.com";

let storageState: StorageState;
test.beforeAll(async ({ browser }, testInfo) => {
  storageState = await signedInState(browser, testInfo, ADMIN);
});

type SessionRow = { sid: string; sess: string; expire: number };

function database() {
  return new Database(process.env.E2E_DATABASE_PATH!);
}

/** Ends this admin's sessions as a timeout would; returns them to put back afterwards. */
function endSessions(): SessionRow[] {
  const db = database();
  try {
    const rows = db.prepare("select sid, sess, expire from sessions where sess like ?").all(`%"${ADMIN}"%`) as SessionRow[];
    db.prepare("delete from sessions where sess like ?").run(`%"${ADMIN}"%`);
    return rows;
  } finally {
    db.close();
  }
}

function restoreSessions(rows: SessionRow[]) {
  const db = database();
  try {
    const insert = db.prepare("insert or replace into sessions (sid, sess, expire) values (?, ?, ?)");
    for (const row of rows) insert.run(row.sid, row.sess, row.expire);
  } finally {
    db.close();
  }
}

function count(sql: string, ...params: unknown[]): number {
  const db = database();
  try {
    return (db.prepare(sql).get(...params) as { n: number }).n;
  } finally {
    db.close();
  }
}

type Case = {
  tab: string;
  /** Where the admin is when the session ends. */
  path: string;
  /** Gets the form ready (before the session ends). */
  prepare?: (page: Page) => Promise<void>;
  /** The action that needs the session. */
  act: (page: Page) => Promise<void>;
  /** Nothing was written. */
  unchanged?: () => void;
};

const LATE_ADDRESS = "too.late@example.com";

const CASES: Case[] = [
  {
    tab: "Overview: changing tab",
    path: "/admin/dashboard",
    act: (page) => page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Admins" }).click(),
  },
  {
    tab: "Admins: Add Email",
    path: "/admin/dashboard/admins/new",
    prepare: (page) => page.getByRole("textbox", { name: "Email Address" }).fill(LATE_ADDRESS),
    act: (page) => page.getByRole("button", { name: "Add Email" }).click(),
    unchanged: () => expect(count("select count(*) as n from admin_whitelist where email = ?", LATE_ADDRESS)).toBe(0),
  },
  {
    tab: "Properties: Publish",
    path: "/admin/dashboard/properties/new",
    prepare: async (page) => {
      const fill = (label: string, value: string) => page.getByRole("textbox", { name: label, exact: true }).fill(value);
      await fill("Name", "Listed Too Late");
      await page.getByLabel("Location", { exact: true }).fill("Waco, TX 76706");
      await fill("Price", "$900/month");
      await fill("Image URL", "/objects/demo/home-1.webp");
      await fill("Beds", "2");
      await fill("Baths", "1");
      await fill("Square Feet", "900");
      await fill("Description", "Never stored.");
    },
    act: (page) => page.getByRole("button", { name: "Publish", exact: true }).click(),
    unchanged: () => expect(count("select count(*) as n from properties where name = 'Listed Too Late'")).toBe(0),
  },
  {
    tab: "FAQs: Create FAQ",
    path: "/admin/dashboard/faqs/new",
    prepare: async (page) => {
      await page.getByRole("textbox", { name: "Question", exact: true }).fill("Asked too late?");
      await page.getByRole("textbox", { name: "Answer", exact: true }).fill("Never stored.");
    },
    act: (page) => page.getByRole("button", { name: "Create FAQ" }).click(),
    unchanged: () => expect(count("select count(*) as n from faqs where question = 'Asked too late?'")).toBe(0),
  },
  {
    tab: "Settings: Save",
    path: "/admin/dashboard/settings",
    prepare: (page) => page.getByRole("textbox", { name: "Contact Email Address" }).fill("too.late@example.com"),
    act: (page) => page.getByRole("button", { name: "Save", exact: true }).click(),
    unchanged: () => expect(count("select count(*) as n from configurations where value = 'too.late@example.com'")).toBe(0),
  },
  {
    tab: "Media: the hero switch",
    path: "/admin/dashboard/media?q=community-1",
    act: (page) => page.getByRole("switch", { name: "Hero image" }).first().click(),
    unchanged: () => expect(count("select count(*) as n from media where is_hero_image = 1")).toBe(3),
  },
  {
    tab: "Media: Upload Image",
    path: "/admin/dashboard/media/upload",
    prepare: (page) =>
      page.getByRole("dialog", { name: "Upload Image" }).getByLabel("Images", { exact: true }).setInputFiles({ name: "too-late.png", mimeType: "image/png", buffer: Buffer.from("89504e470d0a1a0a", "hex") }),
    act: (page) => page.getByRole("button", { name: "Upload", exact: true }).click(),
    unchanged: () => expect(count("select count(*) as n from media where original_name = 'too-late.png'")).toBe(0),
  },
  {
    tab: "Text: Update Text Entry",
    path: "/admin/dashboard/text?q=footer.quick_links",
    prepare: async (page) => {
      await page.getByRole("link", { name: "Edit footer.quick_links" }).click();
      await page.getByRole("textbox", { name: "English Text" }).fill("Too late");
    },
    act: (page) => page.getByRole("button", { name: "Update Text Entry" }).click(),
    unchanged: () => expect(count("select count(*) as n from text_entries where english_text = 'Too late'")).toBe(0),
  },
];

for (const item of CASES) {
  test(`${item.tab}: an ended session leads to the login page with 'Session Expired'`, async ({ browser, baseURL, javaScriptEnabled }) => {
    const { page, context } = await openSignedIn(browser, { baseURL, javaScriptEnabled, storageState }, item.path);
    await item.prepare?.(page);
    const ended = endSessions();
    expect(ended.length).toBeGreaterThan(0);
    try {
      await item.act(page);
      await expect(page).toHaveURL(/\/admin\/login\?error=session_expired/);
      await expect(page.getByText("Session Expired")).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: /Failed|Error/ })).toHaveCount(0);
      item.unchanged?.();
    } finally {
      restoreSessions(ended);
      await context.close();
    }
  });
}
