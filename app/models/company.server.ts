import { isWebUrl } from "~/utils/link-rules";
import type { Language } from "~/utils/locale";
import { getDictionary } from "./texts.server";

/** The company as its search-engine data describes it (document/structured-data.server.ts). */
export type Company = {
  name: string;
  description: string;
  url: string;
  logoUrl: string;
  imageUrl?: string;
  telephone: string;
  email: string;
  address: string;
  /** The hours in English, which the parser reads. */
  hours: string;
  sameAs: string[];
};

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
