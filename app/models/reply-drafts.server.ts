import { eq } from "drizzle-orm";
import { config } from "~/config/env.server";
import { db } from "~/db/client.server";
import { properties, visitRequests, type ContactMessage, type Property } from "~/db/schema";
import { isPublicStatus } from "~/models/home-facts";
import { localizedListing } from "~/models/listing";
import { REPLY_TEMPLATES, type ReplyTemplate } from "~/models/reply-form";
import { similarPublicHomes } from "~/models/similar-homes.server";
import { languageOf, translatorFor } from "~/models/visitor-mail.server";
import { BROWSE_PATH, propertyPath, RENTAL_CRITERIA_PATH, visitPath } from "~/paths";
import { cleanOneLine } from "~/utils/control-characters";
import { isWebUrl } from "~/utils/link-rules";
import { absoluteUrl, languageHref } from "~/utils/language-urls";
import type { Language } from "~/utils/locale";

/**
 * The ready answers a reply starts from (docs/product.md, "Replies"): site texts of the
 * Text tab (`reply.template.*`, both languages), written out for one enquiry with the
 * visitor's first name, the home's name and its links in the reply's language. Staff
 * read and edit the result before it is sent: nothing here is mailed as it is.
 */

type Reader = Pick<ReturnType<typeof db>, "select">;

/** The home an enquiry is about, listed or not (a rented one is what "It has been rented" is for). */
export type EnquiryHome = { name: string; home: Property | null };

export function enquiryHomeOf(message: Pick<ContactMessage, "id" | "propertyId">, reader: Reader = db()): EnquiryHome | null {
  const home = message.propertyId === null ? undefined : reader.select().from(properties).where(eq(properties.id, message.propertyId)).get();
  if (home) return { name: home.name, home };
  // A visit request keeps the name of a home deleted since.
  const visit = reader.select({ homeName: visitRequests.homeName }).from(visitRequests).where(eq(visitRequests.messageId, message.id)).get();
  return visit ? { name: visit.homeName, home: null } : null;
}

/** The ready answers an enquiry can use: those about a home need its page. */
export function templatesFor(home: EnquiryHome | null): ReplyTemplate[] {
  return home?.home ? [...REPLY_TEMPLATES] : ["blank"];
}

/** The answer a reply starts from: the home still on the market, come and see it; gone, similar homes; no home, none. */
export function defaultTemplate(home: EnquiryHome | null): ReplyTemplate {
  if (!home?.home) return "blank";
  const listed = home.home.isActive && isPublicStatus(home.home.status) && home.home.status !== "pending";
  return listed ? "available" : "rented";
}

export type ReplyDraft = { language: Language; template: ReplyTemplate; subject: string; body: string };

/** The office's name in the language, as the site shows it. */
const officeName = (language: Language) => translatorFor(language)("site.name");

const link = (path: string, language: Language) => absoluteUrl(config().appUrl, languageHref(path, language));

/** A few public homes like it, a line each with its page. */
function similarLines(home: Property, language: Language): string {
  return similarPublicHomes(home)
    .map((other) => {
      const shown = localizedListing(other, language);
      return `- ${cleanOneLine(other.name)} (${cleanOneLine(other.location)}), ${cleanOneLine(shown.price)}: ${link(propertyPath(other.id), language)}`;
    })
    .join("\n");
}

/** The reply's subject: about the home, or to the office. */
export function replySubject(home: EnquiryHome | null, language: Language): string {
  const t = translatorFor(language);
  return home ? t("reply.staff.subject_home", undefined, { home: cleanOneLine(home.name) }) : t("reply.staff.subject", undefined, { office: officeName(language) });
}

/**
 * A ready answer written out for the enquiry: `template` when it can use it (else the
 * enquiry's default), in `language` (else the visitor's).
 */
export function replyDraft(message: ContactMessage, home: EnquiryHome | null, choice: { language?: Language; template?: ReplyTemplate | null }): ReplyDraft {
  const language = choice.language ?? languageOf(message);
  const offered = templatesFor(home);
  const template = choice.template && offered.includes(choice.template) ? choice.template : defaultTemplate(home);
  const t = translatorFor(language);
  const listed = home?.home ?? null;
  const vars: Record<string, string> = {
    name: cleanOneLine(message.firstName),
    office: officeName(language),
    home: home ? cleanOneLine(home.name) : "",
    homes: link(BROWSE_PATH, language),
    criteria: link(RENTAL_CRITERIA_PATH, language),
    ...(listed
      ? {
          link: link(propertyPath(listed.id), language),
          visit: link(visitPath(listed.id), language),
          apply: listed.applicationUrl && isWebUrl(listed.applicationUrl) ? listed.applicationUrl : link(propertyPath(listed.id), language),
          similar: template === "rented" ? similarLines(listed, language) : "",
        }
      : {}),
  };
  return { language, template, subject: replySubject(home, language), body: t(`reply.template.${template}.text`, undefined, vars) };
}

/** The ready answers' names in the language, for the dialog's choice. */
export function templateChoices(home: EnquiryHome | null, language: Language): { value: ReplyTemplate; label: string }[] {
  const t = translatorFor(language);
  return templatesFor(home).map((value) => ({ value, label: t(`reply.template.${value}.name`) }));
}
