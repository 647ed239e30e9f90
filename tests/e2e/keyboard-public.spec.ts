import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { walkWithTab } from "./focus-checks";
import { addHomesForPaging, homeWithPhotos, inLanguage, LANGUAGES, loadMaps, removeHomes, type Language } from "./public-pages";
import { contrastProblems, controlStateProblems } from "./state-contrast";
import { openPage } from "./support";

// The public pages from the keyboard, with JavaScript and without: the skip link, and a
// walk with Tab over every page and dialog that checks each control's focus indicator
// (2 px or more, 3:1 against what is around it, not cut off, not covered), that the
// focus never lands on something hidden, and, walking back with Shift+Tab, that nothing
// traps it. Then the colours of every control at rest, hovered and focused (the states
// forced as DevTools does), the contact form's errors and the pages' links: AA contrast.
// The JavaScript-only parts (carousels, the map, dialogs over the cards, busy buttons)
// are in keyboard-public.js.spec.ts.

const TEXTS = {
  en: { skip: "Skip to main content", openMenu: "Open menu", openGallery: "Open photo gallery", learnMore: "Learn More", send: "Send Message", firstNameError: "Please enter your first name.", pages: "Pages", previous: "Previous", next: "Next" },
  es: { skip: "Saltar al contenido principal", openMenu: "Abrir menú", openGallery: "Abrir galería de fotos", learnMore: "Más información", send: "Enviar mensaje", firstNameError: "Por favor, escriba su nombre.", pages: "Páginas", previous: "Anterior", next: "Siguiente" },
} satisfies Record<Language, Record<string, string>>;

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 320, height: 640 };

// Scrolling to each focused control at once (smooth scrolling would move it while it is measured).
test.use({ reducedMotion: "reduce", viewport: DESKTOP });
// A walk over a whole page presses Tab a hundred times, twice, on a machine that may be busy.
// Its tests need nothing from each other: the workers share them out.
test.describe.configure({ mode: "parallel", timeout: 90_000 });

/**
 * Walks from where the focus is, and fails with every problem found. Shift+Tab retraces
 * the walk in English; in Spanish only the texts differ, so one way is enough. Pages
 * `withMaps` (with JavaScript) have their maps loaded first.
 */
async function expectKeyboardFriendly(page: Page, label: string, lng: Language, options: { within?: string; withMaps: boolean }) {
  // With JavaScript the maps load as they near the viewport: first, or the walk back would meet more than the walk there.
  if (options.withMaps) await loadMaps(page);
  const { labels, problems } = await walkWithTab(page, { ...options, retrace: lng === "en" });
  expect(labels.length, `controls reached on ${label}`).toBeGreaterThan(0);
  expect(problems, `${label}:\n${problems.join("\n")}`).toEqual([]);
}

/** The first control in <main> that Tab can reach (in document order; no positive tabindex on the site). */
function firstControlInMain(page: Page) {
  return page.evaluate(() => {
    const candidates = document.querySelectorAll<HTMLElement>("main :is(a[href], button, input, select, textarea, summary, [tabindex])");
    const found = [...candidates].find((el) => {
      if (el.tabIndex < 0 || (el as HTMLButtonElement).disabled || el.closest("[inert], [aria-hidden='true']")) return false;
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility === "visible";
    });
    if (found) found.dataset.firstInMain = "";
    return Boolean(found);
  });
}

for (const lng of LANGUAGES) {
  const text = TEXTS[lng];

  test.describe(`keyboard, public pages in ${lng}`, () => {
    test("the skip link is the first stop, shows itself and takes the focus into the main content", async ({ page, javaScriptEnabled }) => {
      const home = await homeWithPhotos(page, javaScriptEnabled);
      for (const path of ["/", "/properties", home, "/no-such-page"]) {
        await openPage(page, inLanguage(path, lng), javaScriptEnabled);
        await page.keyboard.press("Tab");
        const skip = page.getByRole("link", { name: text.skip });
        await expect(skip, `the first Tab stop on ${path}`).toBeFocused();
        await expect(skip).toBeInViewport({ ratio: 1 });
        const box = await skip.boundingBox();
        expect(box!.width, `the skip link on ${path} is drawn, not a 1 px screen-reader box`).toBeGreaterThan(100);

        await page.keyboard.press("Enter");
        await expect.poll(() => page.evaluate(() => document.activeElement?.closest("main") !== null), { message: `the focus is in <main> on ${path}` }).toBe(true);
        expect(await firstControlInMain(page), `a control in <main> on ${path}`).toBe(true);
        await page.keyboard.press("Tab");
        await expect(page.locator("main [data-first-in-main]"), `the next Tab on ${path}`).toBeFocused();
      }
    });

    test("the home page, every control in turn", async ({ page, javaScriptEnabled }) => {
      await openPage(page, inLanguage("/", lng), javaScriptEnabled);
      await expectKeyboardFriendly(page, `/ (${lng})`, lng, { withMaps: javaScriptEnabled });
    });

    test("the home page on a phone, and its menu open", async ({ page, javaScriptEnabled }) => {
      await page.setViewportSize(PHONE);
      await openPage(page, inLanguage("/", lng), javaScriptEnabled);
      await expectKeyboardFriendly(page, `/ at 320 px (${lng})`, lng, { withMaps: javaScriptEnabled });

      if (javaScriptEnabled) {
        await openPage(page, inLanguage("/", lng));
        await page.getByRole("button", { name: text.openMenu }).click();
        await expect(page.locator("#mobile-menu [role=dialog]")).toBeVisible();
        await expectKeyboardFriendly(page, `the phone menu (${lng})`, lng, { within: "#mobile-menu [role=dialog]", withMaps: false });
      } else {
        // Without JavaScript the menu opens through its fragment; the page behind it is hidden.
        await openPage(page, inLanguage("/#mobile-menu", lng), false);
        await expect(page.locator("#mobile-menu [role=dialog]")).toBeVisible();
        await expectKeyboardFriendly(page, `the phone menu (${lng})`, lng, { withMaps: false });
      }
    });

    test("the hero's photo gallery and the Learn More dialog", async ({ page, javaScriptEnabled }) => {
      const dialogs = [
        { name: "the gallery", open: () => page.getByRole("link", { name: text.openGallery }).first().click(), url: "/?gallery=1" },
        { name: "Learn More", open: () => page.locator("#services").getByRole("link", { name: new RegExp(`^${text.learnMore}`) }).click(), url: "/?service=development#services" },
      ];
      for (const dialog of dialogs) {
        if (javaScriptEnabled) {
          await openPage(page, inLanguage("/", lng));
          await dialog.open();
          await expect(page.getByRole("dialog")).toBeVisible();
          await expectKeyboardFriendly(page, `${dialog.name} (${lng})`, lng, { within: "[role=dialog]", withMaps: false });
        } else {
          await openPage(page, inLanguage(dialog.url, lng), false);
          await expect(page.getByRole("dialog")).toBeVisible();
          await expectKeyboardFriendly(page, `${dialog.name} (${lng})`, lng, { withMaps: false });
        }
      }
    });

    test("all homes, with their filters", async ({ page, javaScriptEnabled }) => {
      await openPage(page, inLanguage("/properties", lng), javaScriptEnabled);
      await expectKeyboardFriendly(page, `/properties (${lng})`, lng, { withMaps: javaScriptEnabled });
    });

    test("a home's own page", async ({ page, javaScriptEnabled }) => {
      const home = await homeWithPhotos(page, javaScriptEnabled);
      await openPage(page, inLanguage(home, lng), javaScriptEnabled);
      await expectKeyboardFriendly(page, `${home} (${lng})`, lng, { withMaps: javaScriptEnabled });
    });

    test("colours of every control at rest, hovered and focused", async ({ page, javaScriptEnabled }) => {
      const home = await homeWithPhotos(page, javaScriptEnabled);
      const problems: string[] = [];
      for (const path of ["/", "/properties", home]) {
        await openPage(page, inLanguage(path, lng), javaScriptEnabled);
        problems.push(...(await controlStateProblems(page, "body", `${path} (${lng})`)));
      }
      expect(problems, problems.join("\n")).toEqual([]);
    });

    test("colours of the contact form with its errors", async ({ page, javaScriptEnabled }) => {
      await openPage(page, inLanguage("/#contact", lng), javaScriptEnabled);
      const contact = page.locator("#contact");
      await contact.getByRole("button", { name: text.send }).click();
      await expect(contact.getByText(text.firstNameError)).toBeVisible();
      await expect(contact.locator("[aria-invalid=true]").first()).toBeVisible();
      const problems = [
        // The messages, and the fields marked invalid (their red borders) in every state.
        ...(await contrastProblems(page, "#contact p[id$='-error'], #contact [role=alert], #contact [role=status]", `the errors (${lng})`, { asControls: false })),
        ...(await controlStateProblems(page, "#contact form", `the contact form with errors (${lng})`)),
      ];
      expect(problems, problems.join("\n")).toEqual([]);
    });

    test("colours of the page links of all homes, and no dead Previous or Next", async ({ page, javaScriptEnabled }) => {
      const added = await addHomesForPaging(25, "Keyboard Check Home");
      try {
        const problems: string[] = [];
        for (const [pageNumber, absent] of [[1, text.previous], [2, text.next]] as const) {
          await openPage(page, inLanguage(`/properties?page=${pageNumber}`, lng), javaScriptEnabled);
          const pages = page.getByRole("navigation", { name: text.pages });
          await expect(pages).toBeVisible();
          // The first page has no Previous and the last no Next: no control that does nothing.
          await expect(pages.getByRole("link", { name: absent, exact: true })).toHaveCount(0);
          await expect(pages.locator("[aria-current=page]")).toHaveText(String(pageNumber));
          problems.push(
            ...(await contrastProblems(page, "nav [aria-current=page]", `the current page, ${pageNumber} (${lng})`, { asControls: false })),
            ...(await controlStateProblems(page, "main nav", `the page links on page ${pageNumber} (${lng})`)),
          );
        }
        expect(problems, problems.join("\n")).toEqual([]);
      } finally {
        await removeHomes(added);
      }
    });
  });
}
