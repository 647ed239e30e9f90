import { ADMIN_PATH } from "~/paths";
/** The home page's sections, in page order, as the header and footer link to them. */
export const SECTIONS = [
  { id: "top", navKey: "header.nav.home", navFallback: "Home", footerKey: "footer.nav.home" },
  { id: "services", navKey: "header.nav.services", navFallback: "Services", footerKey: "footer.nav.services" },
  {
    id: "properties",
    navKey: "header.nav.available_homes",
    navFallback: "Available Homes",
    shortKey: "header.nav.available_homes.short",
    shortFallback: "Homes",
    footerKey: "footer.nav.available_homes",
  },
  { id: "faq", navKey: "header.nav.faq", navFallback: "FAQ", footerKey: "footer.nav.faq" },
  {
    id: "contact",
    navKey: "header.nav.contact_us",
    navFallback: "Contact Us",
    shortKey: "header.nav.contact_us.short",
    shortFallback: "Contact",
    footerKey: "footer.nav.contact_us",
  },
] as const;

/** "See all homes": /properties, offered beside the home page's section of homes in the menu and the footer. */
export const ALL_HOMES_KEY = "header.nav.all_homes";

export type SectionId = (typeof SECTIONS)[number]["id"];

/**
 * The back office (anything under /admin) is written in English only: its content says
 * so with lang="en" when the site around it (header, footer) is in Spanish.
 */
export const ADMIN_LANGUAGE = "en";

export function isAdminPath(pathname: string): boolean {
  return pathname === ADMIN_PATH || pathname.startsWith(`${ADMIN_PATH}/`);
}

/**
 * On the home page a section link only scrolls; anywhere else (a property page,
 * the back office) it is a full link to the home page's section.
 */
export function sectionHref(id: SectionId, onHomePage: boolean): string {
  if (onHomePage) return `#${id}`;
  return id === "top" ? "/" : `/#${id}`;
}
