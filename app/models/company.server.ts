import { isWebUrl } from "~/utils/link-rules";
import type { Language } from "~/utils/locale";
import type { Company } from "~/utils/structured-data.server";
import { getDictionary } from "./texts.server";

/** The company as the site's texts describe it (edited in the Texts tab). */
export function companyFromTexts(language: Language, urls: { siteUrl: string; logoUrl: string; imageUrl?: string }): Company {
  const dictionary = getDictionary();
  const text = (key: string) => dictionary[language][key]?.trim() ?? "";
  return {
    name: text("site.name"),
    description: text("meta.description"),
    url: urls.siteUrl,
    logoUrl: urls.logoUrl,
    imageUrl: urls.imageUrl,
    telephone: text("contact.phone_href") || text("contact.phone"),
    email: text("contact.email"),
    address: text("contact.address"),
    // The hours are read from the English text, whose day and time words the parser knows.
    hours: dictionary.en["contact.hours"] ?? "",
    sameAs: [text("links.facebook_url"), text("links.linkedin_url")].filter(isWebUrl),
  };
}
