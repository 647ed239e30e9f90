import { isWebUrl } from "~/utils/link-rules";

/** The company as its search-engine data describes it (document/structured-data.ts). */
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

/**
 * The company as the site's texts describe it (edited in the Texts tab): `text` reads a
 * text of the page's language; the hours are read from the English text, whose day and
 * time words the parser knows.
 */
export function companyFromTexts(
  text: (key: string) => string,
  englishHours: string,
  urls: { siteUrl: string; logoUrl: string; imageUrl?: string },
): Company {
  const read = (key: string) => text(key).trim();
  return {
    name: read("site.name"),
    description: read("meta.description"),
    url: urls.siteUrl,
    logoUrl: urls.logoUrl,
    imageUrl: urls.imageUrl,
    telephone: read("contact.phone_href") || read("contact.phone"),
    email: read("contact.email"),
    address: read("contact.address"),
    hours: englishHours,
    sameAs: [read("links.facebook_url"), read("links.linkedin_url")].filter(isWebUrl),
  };
}
