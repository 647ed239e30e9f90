import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { openPage, quietPeriod } from "./support";

// With JavaScript only: the fetcher, the sending state, client-side checks and toasts.

async function fillValid(page: Page) {
  const section = page.locator("#contact");
  await section.getByRole("textbox", { name: "First Name", exact: true }).fill("Ana");
  await section.getByRole("textbox", { name: "Last Name", exact: true }).fill("Ruiz");
  await section.getByRole("textbox", { name: "Email", exact: true }).fill("ana.ruiz@example.com");
  await section.getByRole("combobox", { name: "Subject" }).selectOption("investment");
  await section.getByRole("textbox", { name: "Message", exact: true }).fill("I would like to talk about a new community.");
}

/** What the home page's action answers when storing fails (a Remix data response). */
/**
 * The action's answer when the message could not be stored: `{ status: "failed" }` with
 * a 500, in the turbo-stream encoding of Remix's single fetch.
 */
function actionFailure() {
  return {
    status: 500,
    contentType: "text/x-script; charset=utf-8",
    headers: { "X-Remix-Response": "yes" },
    body: JSON.stringify([{ _1: 2 }, "data", { _3: 4 }, "status", "failed"]),
  };
}

/** The fetcher's POST to the home page's action (a single-fetch data request). */
function isContactPost(url: URL) {
  return url.pathname === "/_root.data" && url.searchParams.has("index");
}

test.describe("contact form with JavaScript", () => {
  test("checks a field when the visitor leaves it, without a request", async ({ page }) => {
    await openPage(page, "/");
    let posts = 0;
    page.on("request", (request) => {
      if (request.method() === "POST") posts++;
    });
    const section = page.locator("#contact");
    const email = section.getByRole("textbox", { name: "Email", exact: true });
    await email.fill("ana@");
    await email.blur();
    await expect(section.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await email.fill("ana@example.com");
    await expect(section.getByText("Please enter a valid email address.")).toHaveCount(0);
    await section.getByRole("button", { name: "Send Message" }).click();
    await expect(section.getByText("Please enter your first name.")).toBeVisible();
    expect(posts).toBe(0);
  });

  test("the check is not in the first load: a page only read never fetches it; a field left before it arrives is checked when it does, and a send waits for it", async ({ page }) => {
    // Held back until released: the visitor is faster than the check.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let checkAsked = false;
    await page.route(/\/build\/.*contact-validation-[^/]*\.js$/, async (route) => {
      checkAsked = true;
      await held;
      await route.continue();
    });
    let posts = 0;
    page.on("request", (request) => {
      if (request.method() === "POST") posts++;
    });
    await openPage(page, "/");
    const section = page.locator("#contact");
    await section.scrollIntoViewIfNeeded();
    await quietPeriod(page, 300);
    expect(checkAsked).toBe(false);
    const email = section.getByRole("textbox", { name: "Email", exact: true });
    await email.fill("ana@");
    await email.blur();
    await section.getByRole("button", { name: "Send Message" }).click();
    await quietPeriod(page, 300);
    expect(posts).toBe(0);
    release();
    await expect(section.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(section.getByText("Please enter your first name.")).toBeVisible();
    expect(posts).toBe(0);
  });

  test("fields filled and left before the check arrives are not sent by themselves: only Send sends", async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let checkArrived = false;
    await page.route(/\/build\/.*contact-validation-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
      checkArrived = true;
    });
    let posts = 0;
    page.on("request", (request) => {
      if (request.method() === "POST") posts++;
    });
    await openPage(page, "/");
    const section = page.locator("#contact");
    // Every field filled and left (each fill leaves the one before) while the check is held.
    await fillValid(page);
    await section.getByRole("textbox", { name: "Phone (optional)" }).fill("(817) 555-0100");
    await section.getByRole("textbox", { name: "Phone (optional)" }).blur();
    release();
    await expect.poll(() => checkArrived).toBe(true);
    await quietPeriod(page, 500);
    expect(posts).toBe(0);
    await expect(section.getByRole("heading", { name: "Message Sent!" })).toHaveCount(0);

    await section.getByRole("button", { name: "Send Message" }).click();
    await expect(section.getByRole("heading", { name: "Message Sent!" })).toBeVisible();
    expect(posts).toBe(1);
  });

  test("if the check cannot load at all, the message still goes and the server checks it", async ({ page }) => {
    await page.route(/\/build\/.*contact-validation-[^/]*\.js$/, (route) => route.abort());
    await openPage(page, "/");
    const section = page.locator("#contact");
    await section.getByRole("textbox", { name: "Email", exact: true }).fill("ana@");
    await section.getByRole("button", { name: "Send Message" }).click();
    await expect(section.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(section.getByText("Please enter your first name.")).toBeVisible();
  });

  test("shows the sending state, then the success card and a toast, and 'send another' resets", async ({ page }) => {
    await openPage(page, "/");
    // The message is held on its way until the sending state has been seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(isContactPost, async (route) => {
      await held;
      await route.continue();
    });
    const startUrl = page.url();
    await fillValid(page);
    const section = page.locator("#contact");
    await section.getByRole("button", { name: "Send Message" }).click();

    const sending = section.getByRole("button", { name: "Sending..." });
    await expect(sending).toBeVisible();
    await expect(sending).toBeDisabled();
    await expect(sending).toHaveAttribute("aria-busy", "true");
    release();

    await expect(section.getByRole("heading", { name: "Message Sent!" })).toBeVisible();
    await expect(section.getByRole("heading", { name: "Message Sent!" })).toBeFocused();
    const toasts = page.getByRole("region", { name: /Notifications/ });
    await expect(toasts.getByText("Message Sent!")).toBeVisible();
    await expect(toasts.getByText("Thank you for your message. We will get back to you soon.")).toBeVisible();
    // The page did not navigate.
    expect(page.url()).toBe(startUrl);

    await section.getByRole("button", { name: "Send another message" }).click();
    const firstName = section.getByRole("textbox", { name: "First Name", exact: true });
    await expect(firstName).toHaveValue("");
    await expect(firstName).toBeFocused();
    await expect(section.getByRole("combobox", { name: "Subject" })).toHaveValue("");
    await expect(section.getByText("Please enter your first name.")).toHaveCount(0);
  });

  test("a message the server could not store shows the error toast and keeps what was typed", async ({ page }) => {
    await openPage(page, "/");
    await page.route(isContactPost, (route) => route.fulfill(actionFailure()));
    await fillValid(page);
    const section = page.locator("#contact");
    await section.getByRole("button", { name: "Send Message" }).click();
    const toasts = page.getByRole("region", { name: /Notifications/ });
    await expect(toasts.getByText("Error", { exact: true })).toBeVisible();
    await expect(toasts.getByText("Failed to send message. Please try again.")).toBeVisible();
    await expect(section.getByRole("textbox", { name: "First Name", exact: true })).toHaveValue("Ana");
    await expect(section.getByRole("heading", { name: "Message Sent!" })).toHaveCount(0);
    await expect(section.getByRole("button", { name: "Send Message" })).toBeEnabled();
  });

  test("a new toast replaces the old one", async ({ page }) => {
    await openPage(page, "/");
    await page.route(isContactPost, (route) => route.fulfill(actionFailure()));
    await fillValid(page);
    const section = page.locator("#contact");
    const toasts = page.getByRole("region", { name: /Notifications/ });
    await section.getByRole("button", { name: "Send Message" }).click();
    await expect(toasts.getByText("Failed to send message. Please try again.")).toBeVisible();
    await section.getByRole("button", { name: "Send Message" }).click();
    await expect(toasts.getByRole("listitem")).toHaveCount(1);
    await expect(toasts.getByText("Failed to send message. Please try again.")).toHaveCount(1);
  });

  // Needs the home route to export contactClientAction as its clientAction (see
  // app/components/contact/contact-client-action.ts); until then Remix shows the error page.
  test("a request that never reaches the app shows the error toast", async ({ page }) => {
    await openPage(page, "/");
    await page.route(isContactPost, (route) => route.abort("connectionrefused"));
    await fillValid(page);
    await page.locator("#contact").getByRole("button", { name: "Send Message" }).click();
    const toasts = page.getByRole("region", { name: /Notifications/ });
    await expect(toasts.getByText("Failed to send message. Please try again.")).toBeVisible();
    await expect(page.locator("#contact").getByRole("textbox", { name: "First Name", exact: true })).toHaveValue("Ana");
  });
});
