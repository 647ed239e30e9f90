import { type Browser, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { png } from "../support/images";
import { expectControlStates } from "./a11y-states";
import { AXE_VIEWPORTS, expectNoAxeViolations } from "./axe";
import { mailFiles, openPage, openSignedIn, setRowsAside, signedInState, waitForLink, withE2eDatabase, type StorageState } from "./support";

// axe-core over every staff page and every state an admin can bring it to: the sign-in
// page (empty, a field error, link sent, the link's errors) and the link's own page;
// each dashboard tab with its list full and empty, its searches and filters, every
// dialog open (a form's dialog with its errors shown: the same fields, and more), and
// the toast (or, without JavaScript, the status line) after a save (once per tab where
// the toasts only differ in their words). In both languages (?lng= sets the site's frame; the
// dashboard itself is English), at a phone's and a desktop's width, with JavaScript on
// and off (this file runs in both projects). Every state is also checked once (English,
// desktop) for what axe leaves out: contrast of disabled, hovered and focused controls,
// of field borders, placeholders and switch tracks, and a visible focus on every
// control (a11y-states.ts). Failures are soft, so one run lists them all.
// Busy states (a form being sent) only exist with JavaScript: axe-admin-busy.js.spec.ts.

const ADMIN = "axe-admin@example.com";
const LANGUAGES = ["en", "es"] as const;
type Language = (typeof LANGUAGES)[number];

const DASHBOARD = "/admin/dashboard";
const PROPERTIES = `${DASHBOARD}/properties`;
const FAQS = `${DASHBOARD}/faqs`;
const MEDIA = `${DASHBOARD}/media`;
const TEXT = `${DASHBOARD}/text`;
const ADMINS = `${DASHBOARD}/admins`;
const SETTINGS = `${DASHBOARD}/settings`;
const MESSAGES = `${DASHBOARD}/messages`;

const DIALOG = "[role=dialog], [role=alertdialog]";
// What this file adds to the database, found again by these names and removed.
const MARK = "Axe Admin";
const MESSAGE_COUNT = 27; // more than a page (25): the pager shows

let storageState: StorageState;

// Up to a dozen states, each at two widths, on a machine that may be busy.
// Its tests need nothing from each other: the workers share them out.
test.describe.configure({ mode: "parallel", timeout: 300_000 });

test.beforeAll(async ({ browser }, testInfo) => {
  storageState = await signedInState(browser, testInfo, ADMIN);
  // A worker started again after a failure runs this again: what an earlier one added goes first.
  removeWhatThisFileAdded();
  withE2eDatabase((db) => {
    const now = Date.now();
    // Enough properties for a second page of the Properties tab (inactive: not on the public site).
    const home = db.prepare(
      `insert into properties (name, location, price, image_url, beds, baths, sqft, description, is_active, created_at, updated_at)
       values (?, 'Arlington, TX 76010', '$1,000/month', '/images/placeholder.svg', '3', '2', '1200', 'A home that fills a second page.', 0, ?, ?)`,
    );
    for (let i = 1; i <= 25; i++) home.run(`${MARK} Filler ${i}`, now - i * 1000, now - i * 1000);
    // Messages as the contact form stores them: more than a page, one handled, one about a home.
    const homeId = (db.prepare("select id from properties where is_active = 1 order by id limit 1").get() as { id: number }).id;
    const message = db.prepare(
      `insert into contact_messages (first_name, last_name, email, phone, subject, message, property_id, handled_at, handled_by, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (let i = 1; i <= MESSAGE_COUNT; i++) {
      message.run(
        "Ana",
        `${MARK} ${i}`,
        `ana.${i}@example.com`,
        i % 2 ? "(214) 555-0100" : null,
        i % 3 ? "rental-inquiry" : "investment",
        `Is the home still available? Message ${i}.`,
        i === 1 ? homeId : null,
        i === 2 ? now : null,
        i === 2 ? ADMIN : null,
        now - i * 60_000,
      );
    }
  });
});

function removeWhatThisFileAdded() {
  withE2eDatabase((db) => {
    db.prepare("delete from contact_messages where last_name like ?").run(`${MARK}%`);
    db.prepare("delete from properties where name like ?").run(`${MARK}%`);
    db.prepare("delete from admin_whitelist where email like 'axe-added-%'").run();
  });
}

test.afterAll(removeWhatThisFileAdded);

/** `path` with ?lng= added. */
function inLanguage(path: string, lng: Language): string {
  return `${path}${path.includes("?") ? "&" : "?"}lng=${lng}`;
}

type Checker = (label: string, show?: () => Promise<unknown>, options?: { within?: string }) => Promise<void>;

/**
 * For each width: sets it, lets `show` bring the page to the state (or nothing, when the
 * state holds across widths) and runs axe; then, in English at the desktop width, checks
 * the controls' states (in `within`, an open dialog, else the whole page).
 */
function checkerFor(page: Page, javaScriptEnabled: boolean, lng: Language): Checker {
  return async (label, show, options = {}) => {
    for (const viewport of AXE_VIEWPORTS) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      if (show) await show();
      await expectNoAxeViolations(page, `${label} (${lng}) at ${viewport.width} px`, { javaScriptEnabled, soft: true });
    }
    if (lng === "en") await expectControlStates(page, `${label} (JavaScript ${javaScriptEnabled ? "on" : "off"})`, options);
  };
}

/** A signed-in page in its own context, first opened at `path` in `lng` (the choice sticks in a cookie). */
async function openDashboard(browser: Browser, baseURL: string | undefined, javaScriptEnabled: boolean, lng: Language, path: string) {
  return openSignedIn(browser, { baseURL, javaScriptEnabled, storageState }, inLanguage(path, lng));
}

/** A toast with JavaScript (Radix also writes its words for screen readers), a status line without. */
async function expectNotice(page: Page, text: string) {
  await expect(page.getByText(text).first()).toBeVisible();
}

const dialogNamed = (page: Page, name: string) => page.getByRole("dialog", { name });
const confirmNamed = (page: Page, name: string) => page.getByRole("alertdialog", { name });

for (const lng of LANGUAGES) {
  test.describe(`axe, staff pages in ${lng}`, () => {
    test("the sign-in page, its errors, and the sign-in link's page", async ({ page, javaScriptEnabled, baseURL }) => {
      const check = checkerFor(page, javaScriptEnabled, lng);
      const login = inLanguage("/admin/login", lng);
      const email = page.getByRole("textbox", { name: "Email" });
      const send = page.getByRole("button", { name: "Send Login Link" });
      await check("/admin/login", () => openPage(page, login, javaScriptEnabled));
      await check("/admin/login with an address refused", async () => {
        await openPage(page, login, javaScriptEnabled);
        await email.fill("not-an-address");
        await send.click();
        await expect(page.getByText("Please enter a valid email address")).toBeVisible();
      });
      await check("/admin/login, session expired", async () => {
        await openPage(page, inLanguage("/admin/login?error=session_expired", lng), javaScriptEnabled);
        await expect(page.getByRole("alert")).toContainText("Session Expired");
      });

      const seen = new Set(mailFiles());
      await openPage(page, login, javaScriptEnabled);
      await email.fill(ADMIN);
      await send.click();
      await expect(page.getByText("Check your email for a login link.")).toBeVisible();
      await check("/admin/login, link sent");

      const link = await waitForLink(ADMIN, seen, baseURL!);
      await check("the sign-in link's page", async () => {
        await openPage(page, inLanguage(link, lng), javaScriptEnabled);
        await expect(page.getByRole("button", { name: "Continue" })).toBeVisible();
      });
      // Used once (this signs the page in), then opened again without that session.
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await page.context().clearCookies({ name: "__session" });
      await check("the sign-in link, used", async () => {
        await openPage(page, inLanguage(link, lng), javaScriptEnabled);
        await expect(page.getByRole("alert")).toContainText("Magic Link Already Used");
      });

      // A second link, past its 10 minutes.
      const seenAgain = new Set(mailFiles());
      await openPage(page, login, javaScriptEnabled);
      await email.fill(ADMIN);
      await send.click();
      await expect(page.getByText("Check your email for a login link.")).toBeVisible();
      const expiring = await waitForLink(ADMIN, seenAgain, baseURL!);
      withE2eDatabase((db) => db.prepare("update magic_tokens set expires_at = ? where email = ? and used_at is null").run(Date.now() - 1000, ADMIN));
      await check("the sign-in link, expired", async () => {
        await openPage(page, inLanguage(expiring, lng), javaScriptEnabled);
        await expect(page.getByRole("alert")).toContainText("Magic Link Expired");
      });
    });

    test("the Overview", async ({ browser, baseURL, javaScriptEnabled }) => {
      const { page, context } = await openDashboard(browser, baseURL, javaScriptEnabled, lng, DASHBOARD);
      const check = checkerFor(page, javaScriptEnabled, lng);
      await check("the Overview", async () => {
        await openPage(page, DASHBOARD, javaScriptEnabled);
        await expect(page.getByRole("heading", { name: "Recent activity" })).toBeVisible();
      });
      await context.close();
    });

    test("Properties: the list, its pages, its search, and a home's images", async ({ browser, baseURL, javaScriptEnabled }) => {
      const { page, context } = await openDashboard(browser, baseURL, javaScriptEnabled, lng, PROPERTIES);
      const check = checkerFor(page, javaScriptEnabled, lng);
      await check("Properties", async () => {
        await openPage(page, PROPERTIES, javaScriptEnabled);
        await expect(page.getByRole("navigation", { name: "Property pages" })).toBeVisible();
      });
      await check("Properties, a search with no match", async () => {
        await openPage(page, `${PROPERTIES}?q=Nowhere%20At%20All`, javaScriptEnabled);
        await expect(page.getByText("No properties match your search")).toBeVisible();
      });
      // A demo home's images (over the list searched for that home): linked ones and the
      // library's others, then a search of the library with no match.
      const home = withE2eDatabase(
        (db) => db.prepare("select p.id, p.name from properties p join media m on m.property_id = p.id order by p.id limit 1").get() as { id: number; name: string },
      );
      const images = dialogNamed(page, "Property Images");
      const over = `?q=${encodeURIComponent(home.name)}`;
      await check("Property Images", async () => {
        await openPage(page, `${PROPERTIES}/${home.id}/media${over}`, javaScriptEnabled);
        await expect(images.getByRole("list", { name: "Linked images" })).toBeVisible();
      });
      await check("Property Images, a search with no match", async () => {
        await openPage(page, `${PROPERTIES}/${home.id}/media${over}&mq=Nothing%20Like%20This`, javaScriptEnabled);
        await expect(images.getByText("No images match your search")).toBeVisible();
      }, { within: DIALOG });
      await context.close();
    });

    test("Properties: adding, editing and deleting a property, with the errors", async ({ browser, baseURL, javaScriptEnabled }) => {
      const { page, context } = await openDashboard(browser, baseURL, javaScriptEnabled, lng, PROPERTIES);
      const check = checkerFor(page, javaScriptEnabled, lng);
      const name = `${MARK} Home ${lng} ${javaScriptEnabled ? "js" : "nojs"}`;
      // The dialogs open over the list searched for this property: a short page behind them.
      const over = `?q=${encodeURIComponent(name)}`;
      try {
        const add = dialogNamed(page, "Add New Property");
        const create = add.getByRole("button", { name: "Publish", exact: true });
        await check("Add New Property with its errors", async () => {
          await openPage(page, `${PROPERTIES}/new${over}`, javaScriptEnabled);
          await create.click();
          await expect(add.getByRole("textbox", { name: "Name" })).toHaveAttribute("aria-invalid", "true");
        }, { within: DIALOG });
        // The address search: a list of suggestions with JavaScript, 'Find' and its choices without.
        await check("Add New Property, addresses found", async () => {
          await openPage(page, `${PROPERTIES}/new${over}`, javaScriptEnabled);
          const location = add.getByRole(javaScriptEnabled ? "combobox" : "textbox", { name: "Location" });
          if (javaScriptEnabled) {
            await location.pressSequentially("Arlington");
            await expect(add.getByRole("listbox", { name: "Address suggestions" })).toBeVisible();
            await location.press("ArrowDown");
            await expect(add.getByRole("listbox", { name: "Address suggestions" }).getByRole("option").first()).toHaveAttribute("aria-selected", "true");
          } else {
            await location.fill("Arlington");
            await add.getByRole("button", { name: "Find" }).click();
            await expect(add.getByRole("group", { name: /Addresses found for/ })).toBeVisible();
          }
        }, { within: DIALOG });

        const imagePath = withE2eDatabase((db) => (db.prepare("select file_path as path from media where mime_type like 'image/%' order by id limit 1").get() as { path: string }).path);
        await openPage(page, `${PROPERTIES}/new${over}`, javaScriptEnabled);
        await add.getByRole("textbox", { name: "Name" }).fill(name);
        await add.getByRole(javaScriptEnabled ? "combobox" : "textbox", { name: "Location" }).fill("Arlington, TX 76010");
        await add.getByRole("textbox", { name: "Price", exact: true }).fill("$1,000/month");
        await add.getByRole("textbox", { name: "Image URL" }).fill(imagePath);
        await add.getByRole("textbox", { name: "Beds" }).fill("3");
        await add.getByRole("textbox", { name: "Baths" }).fill("2");
        await add.getByRole("textbox", { name: "Square Feet", exact: true }).fill("1200");
        await add.getByRole("textbox", { name: "Description", exact: true }).fill("A home added to check the dashboard.");
        await create.click();
        await expectNotice(page, "Property created successfully");

        const id = withE2eDatabase((db) => (db.prepare("select id from properties where name = ?").get(name) as { id: number }).id);
        const edit = dialogNamed(page, "Edit Property");
        await check("Edit Property with its errors", async () => {
          await openPage(page, `${PROPERTIES}/${id}/edit${over}`, javaScriptEnabled);
          await edit.getByRole("textbox", { name: "Price", exact: true }).fill("");
          await edit.getByRole("button", { name: "Update", exact: true }).click();
          await expect(edit.getByRole("textbox", { name: "Price", exact: true })).toHaveAttribute("aria-invalid", "true");
        }, { within: DIALOG });

        const remove = confirmNamed(page, "Delete Property");
        await check("Delete Property", async () => {
          await openPage(page, `${PROPERTIES}/${id}/delete${over}`, javaScriptEnabled);
          await expect(remove).toBeVisible();
        }, { within: DIALOG });
        await remove.getByRole("button", { name: "Delete" }).click();
        await expectNotice(page, "Property deleted successfully");
        await check("Properties, after a property is deleted");
      } finally {
        withE2eDatabase((db) => db.prepare("delete from properties where name = ?").run(name));
        await context.close();
      }
    });

    test("FAQs: the list, empty, and every dialog with its errors", async ({ browser, baseURL, javaScriptEnabled }) => {
      const { page, context } = await openDashboard(browser, baseURL, javaScriptEnabled, lng, FAQS);
      const check = checkerFor(page, javaScriptEnabled, lng);
      const question = `${MARK} question ${lng} ${javaScriptEnabled ? "js" : "nojs"}?`;
      try {
        await check("FAQs", async () => {
          await openPage(page, FAQS, javaScriptEnabled);
          await expect(page.getByRole("list", { name: "FAQs" })).toBeVisible();
        });
        const add = dialogNamed(page, "Add New FAQ");
        await check("Add New FAQ with its errors", async () => {
          await openPage(page, `${FAQS}/new`, javaScriptEnabled);
          await add.getByRole("button", { name: "Create FAQ" }).click();
          await expect(add.getByRole("textbox", { name: "Question", exact: true })).toHaveAttribute("aria-invalid", "true");
        }, { within: DIALOG });
        await openPage(page, `${FAQS}/new`, javaScriptEnabled);
        await add.getByRole("textbox", { name: "Question", exact: true }).fill(question);
        await add.getByRole("textbox", { name: "Answer", exact: true }).fill("An answer\non two lines.");
        await add.getByRole("button", { name: "Create FAQ" }).click();
        await expectNotice(page, "FAQ created successfully");

        const id = withE2eDatabase((db) => (db.prepare("select id from faqs where question = ?").get(question) as { id: number }).id);
        const edit = dialogNamed(page, "Edit FAQ");
        await check("Edit FAQ with its errors", async () => {
          await openPage(page, `${FAQS}/${id}/edit`, javaScriptEnabled);
          await edit.getByRole("textbox", { name: "Answer", exact: true }).fill("");
          await edit.getByRole("button", { name: "Update FAQ" }).click();
          await expect(edit.getByRole("textbox", { name: "Answer", exact: true })).toHaveAttribute("aria-invalid", "true");
        }, { within: DIALOG });

        const remove = confirmNamed(page, "Delete FAQ");
        await check("Delete FAQ", async () => {
          await openPage(page, `${FAQS}/${id}/delete`, javaScriptEnabled);
          await expect(remove).toBeVisible();
        }, { within: DIALOG });
        await remove.getByRole("button", { name: "Delete" }).click();
        await expectNotice(page, "FAQ deleted successfully");
        await check("FAQs, after an FAQ is deleted");

        // No FAQs at all: every row set aside for the check, then put back as it was.
        const restore = setRowsAside("faqs", "1 = 1");
        try {
          await check("FAQs, none yet", async () => {
            await openPage(page, FAQS, javaScriptEnabled);
            await expect(page.getByRole("heading", { name: "No FAQs found" })).toBeVisible();
          });
        } finally {
          restore();
        }
      } finally {
        withE2eDatabase((db) => db.prepare("delete from faqs where question = ?").run(question));
        await context.close();
      }
    });

    test("Media: the library, its search, uploads and every dialog", async ({ browser, baseURL, javaScriptEnabled }) => {
      const { page, context } = await openDashboard(browser, baseURL, javaScriptEnabled, lng, MEDIA);
      const check = checkerFor(page, javaScriptEnabled, lng);
      const fileName = `axe-admin-${lng}-${javaScriptEnabled ? "js" : "nojs"}.png`;
      // The dialogs open over the library searched for this file: a short page behind them.
      const over = `?q=${encodeURIComponent(fileName)}`;
      try {
        await check("Media", async () => {
          await openPage(page, MEDIA, javaScriptEnabled);
          await expect(page.getByRole("heading", { name: "Media Library" })).toBeVisible();
        });
        await check("Media, a search with no match", async () => {
          await openPage(page, `${MEDIA}?q=Nothing%20Like%20This`, javaScriptEnabled);
          await expect(page.getByText("No media match your search")).toBeVisible();
        });

        const upload = dialogNamed(page, "Upload Image");
        await check("Upload Image", async () => {
          await openPage(page, `${MEDIA}/upload${over}`, javaScriptEnabled);
          await expect(upload).toBeVisible();
        }, { within: DIALOG });
        // A file that says it is a PNG but is not one: the server refuses it, and the dialog says so.
        await check("Upload Image, a file refused", async () => {
          await openPage(page, `${MEDIA}/upload${over}`, javaScriptEnabled);
          await upload.getByLabel("Image").setInputFiles({ name: "not-a-picture.png", mimeType: "image/png", buffer: Buffer.from("not a picture") });
          await upload.getByRole("button", { name: "Upload" }).click();
          await expect(upload.getByRole("alert")).toBeVisible();
        }, { within: DIALOG });
        const picture = await png(240, 160, "#3a7");
        await openPage(page, `${MEDIA}/upload${over}`, javaScriptEnabled);
        await upload.getByLabel("Image").setInputFiles({ name: fileName, mimeType: "image/png", buffer: picture });
        await upload.getByRole("button", { name: "Upload" }).click();
        await expectNotice(page, "Image uploaded successfully");
        await check("Media, after an upload");

        const id = withE2eDatabase((db) => (db.prepare("select id from media where original_name = ?").get(fileName) as { id: number }).id);
        const card = page.getByRole("article", { name: fileName });
        const linkDialog = dialogNamed(page, "Link to Property");
        await check("Link to Property", async () => {
          await openPage(page, `${MEDIA}/${id}/link${over}`, javaScriptEnabled);
          await expect(linkDialog.getByRole("list", { name: "Properties" })).toBeVisible();
        }, { within: DIALOG });
        await check("Link to Property, a search with no match", async () => {
          await openPage(page, `${MEDIA}/${id}/link${over}&property=Nothing%20Like%20This`, javaScriptEnabled);
          await expect(linkDialog.getByText("No properties match your search")).toBeVisible();
        }, { within: DIALOG });
        await openPage(page, `${MEDIA}/${id}/link${over}`, javaScriptEnabled);
        await linkDialog.getByRole("list", { name: "Properties" }).getByRole("button").first().click();
        await expectNotice(page, "Image linked to property successfully");
        await expect(card.getByRole("button", { name: "Unlink" })).toBeVisible();
        await check("Media, after an image is linked");

        await card.getByRole("switch", { name: "Hero image" }).click();
        await expectNotice(page, "Hero image status updated successfully");
        await check("Media, after the hero switch");

        await check("Copy URL", async () => {
          await openPage(page, `${MEDIA}/${id}/url${over}`, javaScriptEnabled);
          await expect(dialogNamed(page, "Copy URL")).toBeVisible();
        }, { within: DIALOG });
        await check("Re-upload Image", async () => {
          await openPage(page, `${MEDIA}/${id}/reupload${over}`, javaScriptEnabled);
          await expect(dialogNamed(page, "Re-upload Image")).toBeVisible();
        }, { within: DIALOG });

        const remove = confirmNamed(page, "Delete File");
        await check("Delete File", async () => {
          await openPage(page, `${MEDIA}/${id}/delete${over}`, javaScriptEnabled);
          await expect(remove).toBeVisible();
        }, { within: DIALOG });
        await remove.getByRole("button", { name: "Delete" }).click();
        await expectNotice(page, "File deleted successfully");
        await check("Media, after a file is deleted");
      } finally {
        const left = withE2eDatabase((db) => db.prepare("select id from media where original_name = ?").all(fileName) as { id: number }[]);
        for (const { id } of left) await page.request.delete(`/api/admin/media/${id}`, { headers: { Origin: new URL(baseURL!).origin } });
        await context.close();
      }
    });

    test("Text: the dictionary, its searches, and the edit dialog with its errors", async ({ browser, baseURL, javaScriptEnabled }) => {
      const { page, context } = await openDashboard(browser, baseURL, javaScriptEnabled, lng, TEXT);
      const check = checkerFor(page, javaScriptEnabled, lng);
      await check("Text", async () => {
        await openPage(page, TEXT, javaScriptEnabled);
        await expect(page.getByRole("heading", { name: "Text Dictionary" })).toBeVisible();
      });
      await check("Text, a search with no match", async () => {
        await openPage(page, `${TEXT}?q=Nothing%20Like%20This`, javaScriptEnabled);
        await expect(page.getByText("No text entries match your search")).toBeVisible();
      });
      const id = withE2eDatabase((db) => (db.prepare("select id from text_entries where key = 'header.nav.home'").get() as { id: number }).id);
      // Over the dictionary searched (the search stays behind the dialog, and after it).
      const edit = dialogNamed(page, "Edit Text Entry");
      await check("Edit Text Entry with its errors", async () => {
        await openPage(page, `${TEXT}/${id}/edit?q=header.nav`, javaScriptEnabled);
        await edit.getByRole("textbox", { name: "English Text" }).fill("");
        await edit.getByRole("button", { name: "Update Text Entry" }).click();
        await expect(edit.getByText("English text is required")).toBeVisible();
      }, { within: DIALOG });
      // Saved unchanged: the answer is the point.
      await openPage(page, `${TEXT}/${id}/edit?q=header.nav`, javaScriptEnabled);
      await edit.getByRole("button", { name: "Update Text Entry" }).click();
      await expectNotice(page, "Text entry updated successfully");
      await check("Text, after a save");
      await context.close();
    });

    test("Admins: the whitelist, adding with its errors, and removing", async ({ browser, baseURL, javaScriptEnabled }) => {
      const { page, context } = await openDashboard(browser, baseURL, javaScriptEnabled, lng, ADMINS);
      const check = checkerFor(page, javaScriptEnabled, lng);
      const address = `axe-added-${lng}-${javaScriptEnabled ? "js" : "nojs"}@example.com`;
      try {
        await check("Admins", async () => {
          await openPage(page, ADMINS, javaScriptEnabled);
          await expect(page.getByRole("heading", { name: "Admin Whitelist" })).toBeVisible();
        });
        const add = dialogNamed(page, "Add Email to Whitelist");
        await check("Add Email to Whitelist with its error", async () => {
          await openPage(page, `${ADMINS}/new`, javaScriptEnabled);
          await add.getByRole("textbox", { name: "Email Address" }).fill("not-an-address");
          await add.getByRole("button", { name: "Add Email" }).click();
          await expect(add.getByText("Please enter a valid email address")).toBeVisible();
        }, { within: DIALOG });
        await openPage(page, `${ADMINS}/new`, javaScriptEnabled);
        await add.getByRole("textbox", { name: "Email Address" }).fill(address);
        await add.getByRole("button", { name: "Add Email" }).click();
        await expectNotice(page, "Email added to whitelist successfully");

        const id = withE2eDatabase((db) => (db.prepare("select id from admin_whitelist where email = ?").get(address) as { id: number }).id);
        const remove = confirmNamed(page, "Remove Email");
        await check("Remove Email", async () => {
          await openPage(page, `${ADMINS}/${id}/remove`, javaScriptEnabled);
          await expect(remove).toBeVisible();
        }, { within: DIALOG });
        await remove.getByRole("button", { name: "Remove" }).click();
        await expectNotice(page, "Email removed from whitelist");
        await check("Admins, after an address is removed");
      } finally {
        withE2eDatabase((db) => db.prepare("delete from admin_whitelist where email = ?").run(address));
        await context.close();
      }
    });

    test("Settings: not configured, a refused address, saved, and an empty setting", async ({ browser, baseURL, javaScriptEnabled }) => {
      // The setting as other files left it, put back at the end.
      const restore = setRowsAside("configurations", "key = 'contact_email'");
      const { page, context } = await openDashboard(browser, baseURL, javaScriptEnabled, lng, SETTINGS);
      const check = checkerFor(page, javaScriptEnabled, lng);
      const field = page.getByRole("textbox", { name: "Contact Email Address" });
      try {
        await check("Settings, not configured, with a refused address", async () => {
          await openPage(page, SETTINGS, javaScriptEnabled);
          await field.fill("not-an-address");
          await page.getByRole("button", { name: "Save" }).click();
          await expect(field).toHaveAttribute("aria-invalid", "true");
          await expect(page.getByText("Not configured")).toBeVisible();
        });
        await openPage(page, SETTINGS, javaScriptEnabled);
        await field.fill("office@example.com");
        await page.getByRole("button", { name: "Save" }).click();
        await expectNotice(page, "Contact email updated successfully");
        await check("Settings, after a save");

        // A stored empty value: Send Test Email is there but disabled.
        withE2eDatabase((db) => db.prepare("update configurations set value = '' where key = 'contact_email'").run());
        await check("Settings with an empty setting", async () => {
          await openPage(page, SETTINGS, javaScriptEnabled);
          await expect(page.getByRole("button", { name: "Send Test Email" })).toBeDisabled();
        });
      } finally {
        restore();
        await context.close();
      }
    });

    test("Messages: the list, its filters, its pages and Mark as handled", async ({ browser, baseURL, javaScriptEnabled }) => {
      const { page, context } = await openDashboard(browser, baseURL, javaScriptEnabled, lng, MESSAGES);
      const check = checkerFor(page, javaScriptEnabled, lng);
      await check("Messages", async () => {
        await openPage(page, MESSAGES, javaScriptEnabled);
        await expect(page.getByRole("navigation", { name: "Message pages" })).toBeVisible();
      });
      await check("Messages, filtered by subject and status", async () => {
        await openPage(page, `${MESSAGES}?subject=investment&status=new`, javaScriptEnabled);
        await expect(page.getByRole("combobox", { name: "Subject" })).toHaveValue("investment");
      });
      await check("Messages, a search with no match", async () => {
        await openPage(page, `${MESSAGES}?q=Nothing%20Like%20This`, javaScriptEnabled);
        await expect(page.getByText("No messages match your search")).toBeVisible();
      });
      await check("Messages, the next page", async () => {
        await openPage(page, MESSAGES, javaScriptEnabled);
        await page.getByRole("link", { name: "Older messages" }).click();
        await expect(page.getByRole("link", { name: "Newer messages" })).toBeVisible();
      });
      await openPage(page, `${MESSAGES}?q=${encodeURIComponent(`${MARK} 3`)}`, javaScriptEnabled);
      const message = page.getByRole("article", { name: `Message from Ana ${MARK} 3` });
      await message.getByRole("button", { name: "Mark as handled" }).click();
      await expect(message.getByRole("button", { name: "Mark as new" })).toBeVisible();
      await expectNotice(page, "Message marked as handled");
      await check("Messages, after Mark as handled");
      await message.getByRole("button", { name: "Mark as new" }).click();
      await expect(message.getByRole("button", { name: "Mark as handled" })).toBeVisible();
      await context.close();
    });
  });
}
