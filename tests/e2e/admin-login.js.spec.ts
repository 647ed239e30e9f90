import { type Page, type Request } from "@playwright/test";
import { expect, test } from "./fixtures";
import { holdWriteLock } from "../support/database-lock";
import { e2eDatabasePath } from "./support";

// With JavaScript only: conform checks the address before any request, the button
// shows a sending state, and a request that fails on the way (network down, a
// proxy's error page) ends in the failure message instead of the error page.

const FAILED = "Failed to send login link. Please try again or contact support.";
// An address off the whitelist: the same answer as an admin's, and no mail to anyone.
const VISITOR = "visitor@example.com";

// With JavaScript the form posts as a Remix single-fetch data request.
const LOGIN_DATA_PATH = "/admin/login.data";

function isLoginPost(request: Request) {
  return request.method() === "POST" && new URL(request.url()).pathname === LOGIN_DATA_PATH;
}

async function openLogin(page: Page) {
  await page.goto("/admin/login");
  await page.locator("html[data-hydrated]").waitFor();
}

test.describe("admin login with JavaScript", () => {
  test("checks the address in the browser, without a request", async ({ page }) => {
    await openLogin(page);
    let posts = 0;
    // Posts of the form (the passkey autofill asks for its options on its own).
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/admin/login") posts++;
    });
    const email = page.getByRole("textbox", { name: "Email" });
    await email.fill("not an address");
    await page.getByRole("button", { name: "Send Login Link" }).click();
    await expect(page.getByText("Please enter a valid email address", { exact: true })).toBeVisible();
    // Fixing it clears the message as the visitor types.
    await email.fill(VISITOR);
    await expect(page.getByText("Please enter a valid email address", { exact: true })).toHaveCount(0);
    expect(posts).toBe(0);
  });

  test("shows a sending state, then the server's message, and stays on the page", async ({ page }) => {
    await openLogin(page);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === LOGIN_DATA_PATH,
      async (route) => {
        if (!isLoginPost(route.request())) return route.continue();
        await held;
        await route.continue();
      },
    );
    await page.getByRole("textbox", { name: "Email" }).fill(VISITOR);
    await page.getByRole("button", { name: "Send Login Link" }).click();
    const sending = page.getByRole("button", { name: "Sending..." });
    await expect(sending).toBeVisible();
    await expect(sending).toBeDisabled();
    release();
    await expect(page.getByRole("status").filter({ hasText: "Check your email for a login link." })).toBeVisible();
    await expect(page.getByRole("button", { name: "Send Login Link" })).toBeEnabled();
    await expect(page).toHaveURL(/\/admin\/login$/);
    // The form starts over for another request.
    await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue("");
  });

  test("says it failed when the request never arrives", async ({ page }) => {
    await openLogin(page);
    await page.route(
      (url) => url.pathname === LOGIN_DATA_PATH,
      (route) => (isLoginPost(route.request()) ? route.abort("internetdisconnected") : route.continue()),
    );
    await page.getByRole("textbox", { name: "Email" }).fill(VISITOR);
    await page.getByRole("button", { name: "Send Login Link" }).click();
    await expect(page.getByText(FAILED)).toBeVisible();
    await expect(page.getByRole("button", { name: "Send Login Link" })).toBeVisible();
  });

  test("says it failed while another connection holds the database, then sends the link once it is free", async ({ page }) => {
    await openLogin(page);
    await page.getByRole("textbox", { name: "Email" }).fill(VISITOR);
    const lock = holdWriteLock({ databasePath: e2eDatabasePath() });
    try {
      // The server waits out its busy timeout (5 s), then answers 503.
      const answered = page.waitForResponse((response) => isLoginPost(response.request()));
      await page.getByRole("button", { name: "Send Login Link" }).click();
      expect((await answered).status()).toBe(503);
      await expect(page.getByText(FAILED)).toBeVisible();
    } finally {
      lock.release();
    }
    await expect(page.getByRole("button", { name: "Send Login Link" })).toBeEnabled();
    await page.getByRole("button", { name: "Send Login Link" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Check your email for a login link." })).toBeVisible();
    await expect(page.getByText(FAILED)).toHaveCount(0);
  });

  test("says it failed when a proxy answers with its own error page", async ({ page }) => {
    await openLogin(page);
    await page.route(
      (url) => url.pathname === LOGIN_DATA_PATH,
      (route) =>
        isLoginPost(route.request())
          ? route.fulfill({ status: 502, contentType: "text/html", body: "<h1>502 Bad Gateway</h1>" })
          : route.continue(),
    );
    await page.getByRole("textbox", { name: "Email" }).fill(VISITOR);
    await page.getByRole("button", { name: "Send Login Link" }).click();
    await expect(page.getByText(FAILED)).toBeVisible();
    await expect(page.getByText("Check your email for a login link.")).toHaveCount(0);
  });
});
