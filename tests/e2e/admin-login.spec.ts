import { expect, test } from "./fixtures";
import { mailFiles, openPage, waitForLink } from "./support";

// Runs twice: with JavaScript (a fetcher posts, conform checks first) and without it
// (plain form posts). The sign-in mail goes through a real SMTP server process that
// the worker's site starts (fixtures.ts); it files every message in E2E_MAIL_DIR.

const ADMIN = "admin@example.com";

test.describe("admin login", () => {
  test("signs in with an e-mailed link, reaches the dashboard, logs out", async ({ page, javaScriptEnabled, baseURL }) => {
    await openPage(page, "/admin/login", javaScriptEnabled);
    await expect(page).toHaveTitle("Admin Login | Lone Star Home Management");
    await expect(page.getByRole("link", { name: "Sign in with Google" })).toHaveAttribute("href", "/admin/auth/google");

    const seen = new Set(mailFiles());
    await page.getByRole("textbox", { name: "Email" }).fill(ADMIN);
    await page.getByRole("button", { name: "Send Login Link" }).click();
    // It says where the link went, masked.
    await expect(page.getByRole("status")).toHaveText("Check your email for a login link. We sent a link to a***@example.com if it is on the list.");

    const link = await waitForLink(ADMIN, seen, baseURL!);
    expect(link.startsWith(`${baseURL}/admin/auth/magic?token=`)).toBe(true);

    await openPage(page, link, javaScriptEnabled);
    await expect(page.getByRole("heading", { name: "Finish signing in" })).toBeVisible();
    await page.getByRole("button", { name: "Continue" }).click();

    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
    await expect(page.getByText("Welcome, admin")).toBeVisible();

    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole("button", { name: "Send Login Link" })).toBeVisible();

    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/admin\/login/);
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toHaveCount(0);

    // The link is used up: opening it again says so on the login page.
    await page.goto(link);
    await expect(page).toHaveURL(/\/admin\/login\?error=token_already_used$/);
    await expect(page.getByRole("alert")).toContainText("Magic Link Already Used");
  });

  test("a bad address gets 'Please enter a valid email address' and sends nothing", async ({ page, javaScriptEnabled }) => {
    await openPage(page, "/admin/login", javaScriptEnabled);
    const seen = mailFiles().length;
    const email = page.getByRole("textbox", { name: "Email" });
    await email.fill("admin@");
    await page.getByRole("button", { name: "Send Login Link" }).click();
    await expect(page.getByText("Please enter a valid email address", { exact: true })).toBeVisible();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Check your email for a login link.")).toHaveCount(0);
    expect(mailFiles()).toHaveLength(seen);
  });

  test("shows the title for each error value, and nothing for others", async ({ page }) => {
    const titles: Record<string, string> = {
      unauthorized: "Access Denied",
      server_error: "Login Error",
      session_expired: "Session Expired",
      expired_token: "Magic Link Expired",
      token_already_used: "Magic Link Already Used",
      unknown: "Authentication Failed",
    };
    for (const [code, title] of Object.entries(titles)) {
      await page.goto(`/admin/login?error=${code}`);
      await expect(page.getByRole("alert")).toContainText(title);
    }
    await page.goto("/admin/login?error=something_else");
    await expect(page.getByRole("button", { name: "Send Login Link" })).toBeVisible();
    for (const title of Object.values(titles)) await expect(page.getByText(title)).toHaveCount(0);
  });
});
