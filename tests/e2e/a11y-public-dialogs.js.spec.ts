import { type Locator, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { describeViolations, runAxe } from "./axe";
import { inLanguage, LANGUAGES, type Language } from "./public-pages";
import { openPage } from "./support";

// axe-core over the whole home page while each of its dialogs is open (JavaScript on),
// in both languages, at a phone's and a desktop's width, each dialog opened and checked
// ten times (colour contrast only the first time): a home's details once left two
// regions named after the home (its card's
// carousel behind the dialog, and the dialog's), in some runs and not others. While a
// dialog is open the page behind it is inert, and the dialog's own landmarks have names
// of their own. a11y-public.spec.ts checks the dialogs' insides at every width.

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
] as const;
const TIMES = 10;

const TEXTS = {
  en: { viewDetails: "View Details", openMenu: "Open menu", openGallery: "Open photo gallery", learnMore: "Learn More" },
  es: { viewDetails: "Ver detalles", openMenu: "Abrir menú", openGallery: "Abrir galería de fotos", learnMore: "Más información" },
} satisfies Record<Language, Record<string, string>>;

/** Each dialog the home page opens: a name for the report, and the control that opens it. */
async function dialogOpeners(page: Page, lng: Language, width: number): Promise<{ name: string; opener: Locator }[]> {
  const text = TEXTS[lng];
  const openers: { name: string; opener: Locator }[] = [{ name: "the hero's photo gallery", opener: page.getByRole("link", { name: text.openGallery }).first() }];
  const learnMore = page.locator("#services").getByRole("link", { name: new RegExp(`^${text.learnMore}`) });
  for (let i = 0; i < (await learnMore.count()); i++) openers.push({ name: `Learn More ${i + 1}`, opener: learnMore.nth(i) });
  // Every card opens the same dialog: the first card's stands for them.
  openers.push({ name: "a home's details", opener: page.locator("#properties a").filter({ hasText: text.viewDetails }).first() });
  // The menu is a dialog of the phone's width only.
  if (width < 768) openers.push({ name: "the phone menu", opener: page.getByRole("button", { name: text.openMenu }) });
  return openers;
}

// Two widths' worth of dialogs, each ten times, on a machine that may be busy.
test.describe.configure({ timeout: 180_000 });

for (const lng of LANGUAGES) {
  test(`axe finds nothing on the home page while any of its dialogs is open (${lng})`, async ({ page }) => {
    for (const viewport of WIDTHS) {
      await page.setViewportSize(viewport);
      await openPage(page, inLanguage("/", lng));
      const openers = await dialogOpeners(page, lng, viewport.width);
      expect(openers.length, "the home page's dialogs").toBeGreaterThanOrEqual(3);
      for (const { name, opener } of openers) {
        for (let time = 1; time <= TIMES; time++) {
          await opener.scrollIntoViewIfNeeded();
          await opener.click();
          const dialog = page.getByRole("dialog");
          await expect(dialog).toBeVisible();
          // Every rule the first time; after that all but colour contrast, which depends on
          // the paint and not on the moment.
          const { violations } = await runAxe(page, { disableRules: time === 1 ? [] : ["color-contrast"] });
          expect.soft(violations, `axe on ${name} (${lng}) at ${viewport.width} px, time ${time}:\n${describeViolations(violations)}`).toEqual([]);
          await page.keyboard.press("Escape");
          await expect(dialog).toBeHidden();
        }
      }
    }
  });
}
