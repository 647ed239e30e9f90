import { expect, test } from "./fixtures";
import { AXE_VIEWPORTS, checkAtEveryWidth, expectNoAxeViolations } from "./axe";
import { addHomesForPaging, homeWithPhotos, inLanguage, LANGUAGES, removeHomes, type Language } from "./public-pages";
import { openPage, withE2eDatabase } from "./support";

// axe-core over every public page and every state a visitor can bring it to (dialogs,
// the phone menu, the map's info window, the forms' errors and answers), in both
// languages, at a phone's and a desktop's width. Runs twice: with JavaScript and
// without it (then axe checks the page as the server sent it; see axe.ts).
// Each test checks one page in all its widths, so a failure names the page, and goes
// on after a violation (expect.soft) so that one run lists all of them.
// The staff pages, the sign-in page among them: axe-admin.spec.ts.

const TEXTS = {
  en: {
    viewDetails: "View Details",
    openMenu: "Open menu",
    openGallery: "Open photo gallery",
    learnMore: "Learn More",
    send: "Send Message",
    firstName: "First Name",
    lastName: "Last Name",
    email: "Email",
    subject: "Subject",
    message: "Message",
    firstNameError: "Please enter your first name.",
    sent: "Message Sent!",
    search: "Name or location",
    noMatch: "No homes match these filters.",
  },
  es: {
    viewDetails: "Ver detalles",
    openMenu: "Abrir menú",
    openGallery: "Abrir galería de fotos",
    learnMore: "Más información",
    send: "Enviar mensaje",
    firstName: "Nombre",
    lastName: "Apellido",
    email: "Correo electrónico",
    subject: "Asunto",
    message: "Mensaje",
    firstNameError: "Por favor, escriba su nombre.",
    sent: "¡Mensaje enviado!",
    search: "Nombre o ubicación",
    noMatch: "Ninguna casa coincide con estos filtros.",
  },
} satisfies Record<Language, Record<string, string>>;

// The contact messages this file sends, removed after it.
const CONTACT_LAST_NAME = "Axe-Check";

// Up to eight pages checked in one test, on a machine that may be busy.
// Its tests need nothing from each other: the workers share them out.
test.describe.configure({ mode: "parallel", timeout: 90_000 });

test.afterAll(() => {
  withE2eDatabase((db) => db.prepare("delete from contact_messages where last_name = ?").run(CONTACT_LAST_NAME), { fileMustExist: true });
});

for (const lng of LANGUAGES) {
  const text = TEXTS[lng];

  test.describe(`axe, public pages in ${lng}`, () => {
    test("the home page", async ({ page, javaScriptEnabled }) => {
      await checkAtEveryWidth(page, javaScriptEnabled, `/ (${lng})`, async () => {
        await openPage(page, inLanguage("/", lng), javaScriptEnabled);
      });
    });

    test("the home page with every home listed", async ({ page, javaScriptEnabled }) => {
      await checkAtEveryWidth(page, javaScriptEnabled, `/?all=1 (${lng})`, async () => {
        await openPage(page, inLanguage("/?all=1#properties", lng), javaScriptEnabled);
      });
    });

    test("the phone menu, open", async ({ page, javaScriptEnabled }) => {
      const viewport = AXE_VIEWPORTS[0];
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      if (javaScriptEnabled) {
        await openPage(page, inLanguage("/", lng));
        await page.getByRole("button", { name: text.openMenu }).click();
      } else {
        // Without JavaScript the menu opens through its fragment (CSS :target).
        await openPage(page, inLanguage("/#mobile-menu", lng), false);
      }
      await expect(page.locator("#mobile-menu [role=dialog]")).toBeVisible();
      await expectNoAxeViolations(page, `the phone menu (${lng}) at ${viewport.width} px`, { javaScriptEnabled, soft: true });
    });

    test("the hero's photo gallery", async ({ page, javaScriptEnabled }) => {
      await checkAtEveryWidth(
        page,
        javaScriptEnabled,
        `the gallery (${lng})`,
        async () => {
          if (javaScriptEnabled) {
            await openPage(page, inLanguage("/", lng));
            await page.getByRole("link", { name: text.openGallery }).first().click();
          } else {
            await openPage(page, inLanguage("/?gallery=1", lng), false);
          }
          await expect(page.getByRole("dialog")).toBeVisible();
        },
        "[role=dialog]",
      );
    });

    test("the development service's Learn More", async ({ page, javaScriptEnabled }) => {
      await checkAtEveryWidth(
        page,
        javaScriptEnabled,
        `Learn More (${lng})`,
        async () => {
          if (javaScriptEnabled) {
            await openPage(page, inLanguage("/", lng));
            await page.locator("#services").getByRole("link", { name: new RegExp(`^${text.learnMore}`) }).click();
          } else {
            await openPage(page, inLanguage("/?service=development#services", lng), false);
          }
          await expect(page.getByRole("dialog")).toBeVisible();
        },
        "[role=dialog]",
      );
    });

    test("a home's details", async ({ page, javaScriptEnabled }) => {
      const href = await homeWithPhotos(page, javaScriptEnabled);
      // Its own page: what a card opens without JavaScript, and a shared link.
      await checkAtEveryWidth(page, javaScriptEnabled, `${href} (${lng})`, async () => {
        await openPage(page, inLanguage(href, lng), javaScriptEnabled);
      });
      if (!javaScriptEnabled) return;
      // With JavaScript, the dialog over the home page's cards and over /properties.
      for (const path of ["/?all=1", "/properties"]) {
        await checkAtEveryWidth(
          page,
          true,
          `the details dialog on ${path} (${lng})`,
          async () => {
            await openPage(page, inLanguage(path, lng));
            await page.locator(`main a[href^="${href}?from="]`).filter({ hasText: text.viewDetails }).first().click();
            await expect(page.getByRole("dialog")).toBeVisible();
          },
          "[role=dialog]",
        );
      }
    });

    test("all homes", async ({ page, javaScriptEnabled }) => {
      await checkAtEveryWidth(page, javaScriptEnabled, `/properties (${lng})`, async () => {
        await openPage(page, inLanguage("/properties", lng), javaScriptEnabled);
      });
    });

    test("all homes, in two pages", async ({ page, javaScriptEnabled }) => {
      const added = await addHomesForPaging(25, "Axe Check Home");
      try {
        for (const pageNumber of [1, 2]) {
          await checkAtEveryWidth(page, javaScriptEnabled, `/properties, page ${pageNumber} of 2 (${lng})`, async () => {
            await openPage(page, inLanguage(`/properties?page=${pageNumber}`, lng), javaScriptEnabled);
            await expect(page.getByRole("navigation", { name: lng === "en" ? "Pages" : "Páginas" })).toBeVisible();
          });
        }
      } finally {
        await removeHomes(added);
      }
    });

    test("all homes, filtered with no match", async ({ page, javaScriptEnabled }) => {
      await checkAtEveryWidth(page, javaScriptEnabled, `/properties with no match (${lng})`, async () => {
        await openPage(page, inLanguage("/properties?q=Nowhere%20At%20All&beds=4", lng), javaScriptEnabled);
        await expect(page.getByRole("heading", { name: text.noMatch })).toBeVisible();
      });
    });

    test("the 404 pages", async ({ page, javaScriptEnabled }) => {
      for (const path of ["/no-such-page", "/properties/999999"]) {
        await checkAtEveryWidth(page, javaScriptEnabled, `${path} (${lng})`, async () => {
          const response = await page.goto(inLanguage(path, lng));
          expect(response?.status()).toBe(404);
        });
      }
    });

    test("the contact form with its errors, then sent", async ({ page, javaScriptEnabled }) => {
      const contact = page.locator("#contact");
      await checkAtEveryWidth(page, javaScriptEnabled, `the contact form with errors (${lng})`, async () => {
        await openPage(page, inLanguage("/#contact", lng), javaScriptEnabled);
        await contact.getByRole("button", { name: text.send }).click();
        await expect(contact.getByText(text.firstNameError)).toBeVisible();
      });

      await contact.getByRole("textbox", { name: text.firstName, exact: true }).fill("Ana");
      await contact.getByRole("textbox", { name: text.lastName, exact: true }).fill(CONTACT_LAST_NAME);
      await contact.getByRole("textbox", { name: text.email, exact: true }).fill("ana.axe@example.com");
      await contact.getByRole("combobox", { name: text.subject }).selectOption("other");
      await contact.getByRole("textbox", { name: text.message, exact: true }).fill("Checking the page for accessibility.");
      await contact.getByRole("button", { name: text.send }).click();
      await expect(contact.getByRole("heading", { name: text.sent })).toBeVisible();
      // The answer stays as the width changes.
      await checkAtEveryWidth(page, javaScriptEnabled, `the contact form, sent (${lng})`, async () => {});
    });
  });
}
