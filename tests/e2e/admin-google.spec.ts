import { expect, test } from "./fixtures";
import { startOAuthServer } from "../support/oauth";

let oauth: Awaited<ReturnType<typeof startOAuthServer>>;
test.beforeAll(async ({ site }) => {
  // The worker's server has its GOOGLE_OAUTH_ISSUER at this port (fixtures.ts).
  oauth = await startOAuthServer(site.oauthPort);
});
test.afterAll(async () => {
  await oauth?.stop();
});

test.describe("Google sign-in", () => {
  test("a whitelisted Google account reaches the dashboard and can log out", async ({ page }) => {
    oauth.signInAs({ sub: "google-e2e", email: "google.admin@example.com", email_verified: true, name: "Alex Admin" });
    await page.goto("/admin/login");
    await page.getByRole("link", { name: /Google/ }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
    await expect(page.getByText("Welcome, Alex Admin")).toBeVisible();

    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/admin\/login/);
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/admin\/login/);
  });

  test("an account off the whitelist is turned away with 'Access Denied'", async ({ page }) => {
    oauth.signInAs({ sub: "google-stranger", email: "stranger@example.com", email_verified: true, name: "Stranger" });
    await page.goto("/admin/login");
    await page.getByRole("link", { name: /Google/ }).click();
    await expect(page).toHaveURL(/\/admin\/login\?error=unauthorized$/);
    await expect(page.getByText("Access Denied")).toBeVisible();
  });
});
