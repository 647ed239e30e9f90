import { eq } from "drizzle-orm";
import { db, writeTransaction } from "~/db/client.server";
import { DICTIONARY } from "~/db/dictionary";
import { DEMO_FACTS, DEMO_FAQS, DEMO_PROPERTIES } from "./demo-content";
import { HERO_SCENES, HOME_SCENES, renderScene, SCENE_SIZE, type Scene } from "./demo-images.server";
import { adminWhitelist, appMeta, faqs, media, properties } from "~/db/schema";
import { factColumns } from "~/models/home-facts.server";
import { insertMissingTextEntries } from "~/models/texts.server";
import { objectPath, putObject } from "~/services/storage.server";
import { log } from "~/config/logger.server";

const DEMO_SEEDED_KEY = "demo_seeded_at";

/**
 * Start-up data. The dictionary gains any key it lacks (edited texts are kept);
 * the demo catalogue is written once per database; ADMIN_EMAILS join the whitelist.
 */
export async function seedDatabase(options: { seedDemo: boolean; adminEmails: string[] }) {
  const addedTexts = insertMissingTextEntries(DICTIONARY);
  if (addedTexts) log.info("seed: text entries added", { count: addedTexts });

  if (options.seedDemo) await seedDemoOnce();
  bootstrapWhitelist(options.adminEmails);
}

export function bootstrapWhitelist(emails: string[]) {
  for (const email of emails) {
    const result = db()
      .insert(adminWhitelist)
      .values({ email: email.toLowerCase(), addedBy: "bootstrap" })
      .onConflictDoNothing({ target: adminWhitelist.email })
      .run();
    if (result.changes) log.info("whitelist: bootstrap address added", { email });
  }
}

async function writeDemoImages(scenes: Scene[], prefix: string, publicName: string) {
  return Promise.all(
    scenes.map(async (scene, index) => {
      const key = `demo/${prefix}-${index + 1}.webp`;
      const body = await renderScene(scene);
      await putObject(key, body, "image/webp");
      return { key, size: body.length, name: `${publicName}-${index + 1}.webp` };
    }),
  );
}

async function seedDemoOnce() {
  const done = db().select().from(appMeta).where(eq(appMeta.key, DEMO_SEEDED_KEY)).get();
  if (done) return;

  // Files first: if writing them fails, no row points at a missing file.
  const heroFiles = await writeDemoImages(HERO_SCENES, "hero", "community");
  const homeFiles = await writeDemoImages(HOME_SCENES, "home", "home");

  writeTransaction((tx) => {
    for (const file of heroFiles) {
      tx.insert(media)
        .values({
          filename: file.key.split("/").pop()!,
          originalName: file.name,
          filePath: objectPath(file.key),
          fileSize: file.size,
          mimeType: "image/webp",
          ...SCENE_SIZE,
          isHeroImage: true,
        })
        .run();
    }

    DEMO_PROPERTIES.forEach((property, index) => {
      const main = homeFiles[index % homeFiles.length];
      const facts = DEMO_FACTS[index];
      const inserted = tx
        .insert(properties)
        .values({
          ...property,
          // Its facts; the price, rooms and size as its texts name them.
          ...factColumns({ ...property, priceAmount: null, priceKind: null, facts }, null),
          // The demo's Spanish was written against its English.
          priceTranslatedFrom: property.price,
          descriptionTranslatedFrom: property.description,
          lotRentIncludesTranslatedFrom: facts.lotRentIncludesSpanish ? facts.lotRentIncludes : null,
          otherMonthlyFeesNoteTranslatedFrom: facts.otherMonthlyFeesNoteSpanish ? facts.otherMonthlyFeesNote : null,
          petsNoteTranslatedFrom: facts.petsNoteSpanish ? facts.petsNote : null,
          imageUrl: objectPath(main.key),
          // Every demo home has been public (the one switched off is being renovated).
          firstPublishedAt: new Date(),
        })
        .returning({ id: properties.id })
        .get();
      // Two listings get extra photos so their carousels have several slides.
      if (index < 2) {
        const extras = [homeFiles[(index + 6) % homeFiles.length], homeFiles[(index + 7) % homeFiles.length]];
        for (const [place, extra] of extras.entries()) {
          tx.insert(media)
            .values({
              filename: extra.key.split("/").pop()!,
              originalName: extra.name,
              filePath: objectPath(extra.key),
              fileSize: extra.size,
              mimeType: "image/webp",
              ...SCENE_SIZE,
              propertyId: inserted.id,
              position: place + 1,
            })
            .run();
        }
      }
    });

    for (const faq of DEMO_FAQS) tx.insert(faqs).values({ ...faq, questionTranslatedFrom: faq.question, answerTranslatedFrom: faq.answer }).run();
    tx.insert(appMeta).values({ key: DEMO_SEEDED_KEY, value: new Date().toISOString() }).run();
  });
  log.info("seed: demo catalogue written", {
    properties: DEMO_PROPERTIES.length,
    faqs: DEMO_FAQS.length,
    heroImages: heroFiles.length,
  });
}
