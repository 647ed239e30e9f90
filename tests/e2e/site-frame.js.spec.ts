import { expect, test } from "./fixtures";
import { openPage } from "./support";

test.describe("site frame with JavaScript", () => {
  test("the language switch has a tooltip in the current language", async ({ page }) => {
    await openPage(page, "/");
    await page.getByRole("button", { name: "Switch to Spanish" }).hover();
    await expect(page.getByRole("tooltip")).toHaveText("Switch to Spanish");
    await page.getByRole("button", { name: "Switch to Spanish" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await page.mouse.move(0, 400);
    await page.getByRole("button", { name: "Cambiar a Inglés" }).hover();
    await expect(page.getByRole("tooltip")).toHaveText("Cambiar a Inglés");
  });

  test("switching language draws the page in Spanish without loading it again, its texts fetched first", async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    const englishFile = /\/texts\/en\.json\?v=[0-9a-f]{12}$/;
    let englishRequests = 0;
    page.on("request", (request) => {
      if (englishFile.test(request.url())) englishRequests++;
    });
    // The English file comes with the page (its preload), before hydration, and once:
    // the script that hydrates takes what was preloaded.
    const english = page.waitForResponse((response) => englishFile.test(response.url()));
    await openPage(page, "/");
    expect((await english).status()).toBe(200);
    expect(englishRequests).toBe(1);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    const spanish = page.waitForResponse((response) => /\/texts\/es\.json\?v=[0-9a-f]{12}$/.test(response.url()));
    await page.getByRole("button", { name: "Switch to Spanish" }).click();
    expect((await spanish).status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("navigation", { name: "Navegación principal" }).first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Preguntas frecuentes" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Saltar al contenido principal" })).toBeAttached();
    expect(await page.title()).toContain("Casas manufacturadas en Texas");
    // Drawn by the page's scripts: the same document.
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    // And back: the English file is still here, not fetched again.
    await page.getByRole("button", { name: "Cambiar a Inglés" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("navigation", { name: "Main navigation" }).first()).toBeVisible();
    expect(englishRequests).toBe(1);
    expect(errors).toEqual([]);
  });

  test("the tooltip waits 700 ms, and the next one within 300 ms opens at once", async ({ page }) => {
    await page.clock.install();
    await openPage(page, "/");
    // From here the page's clock moves only when the test moves it, however slow the machine.
    await page.clock.pauseAt(Date.now() + 1_000);
    const button = page.getByRole("button", { name: "Switch to Spanish" });
    await button.hover();
    await page.clock.runFor(600);
    await expect(page.getByRole("tooltip")).toHaveCount(0);
    await page.clock.runFor(150);
    await expect(page.getByRole("tooltip")).toHaveText("Switch to Spanish");
    await page.mouse.move(0, 600);
    await expect(page.getByRole("tooltip")).toHaveCount(0);
    await page.clock.runFor(100);
    await button.hover();
    await expect(page.getByRole("tooltip")).toHaveText("Switch to Spanish");
  });

  test("the choice is kept in localStorage and a stored preference is honoured", async ({ page, context }) => {
    await openPage(page, "/");
    await page.getByRole("button", { name: "Switch to Spanish" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    expect(await page.evaluate(() => localStorage.getItem("preferred-language"))).toBe("es");

    // A visitor without the cookie but with the stored preference gets Spanish.
    await context.clearCookies();
    await openPage(page, "/");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("navigation", { name: "Navegación principal" }).first()).toBeVisible();
  });

  test("Escape closes the mobile drawer and gives focus back", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await openPage(page, "/");
    const opener = page.getByRole("button", { name: "Open menu" });
    await opener.click();
    const drawer = page.getByRole("dialog", { name: "Main navigation" });
    await expect(drawer).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("a menu opened before the scripts arrive stays open when they do, and then closes", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    const held: Array<() => Promise<void>> = [];
    const scripts = /\/build\/.*\.js$/;
    await page.route(scripts, (route) => void held.push(() => route.continue()));
    await page.goto("/");
    const drawer = page.getByRole("dialog", { name: "Main navigation" });
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(drawer).toBeVisible();
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);

    // Released before the handler goes: a route still held when it is removed goes on by itself.
    await Promise.all(held.map((release) => release()));
    await page.unroute(scripts);
    await page.locator("html[data-hydrated]").waitFor();
    await expect(drawer).toBeVisible();
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "true");

    await drawer.getByRole("button", { name: "Close menu" }).click();
    await expect(drawer).toBeHidden();
    expect(new URL(page.url()).hash).toBe("");
    await page.reload();
    await page.locator("html[data-hydrated]").waitFor();
    await expect(drawer).toBeHidden();
  });
});
