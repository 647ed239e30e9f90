/**
 * The lines an instant reply lists (docs/product.md, "The instant reply"), in the spec's
 * words: a home's facts and links, and the office's phone and hours (the demo texts).
 */

type Language = "en" | "es";

const WORDS = {
  en: {
    price: "Price",
    total: "Estimated monthly total",
    rooms: (beds: string, baths: string) => `Beds: ${beds} · Baths: ${baths}`,
    status: "Status",
    home: "The home's page",
    criteria: "Rental criteria",
    visit: "Schedule a visit",
    phone: "The office's phone: (817) 555-0142",
    hours: "Office hours: Monday - Friday: 8:00 AM - 5:00 PM",
  },
  es: {
    price: "Precio",
    total: "Total mensual estimado",
    rooms: (beds: string, baths: string) => `Recámaras: ${beds} · Baños: ${baths}`,
    status: "Estado",
    home: "Página de la casa",
    criteria: "Criterios para rentar",
    visit: "Programar una visita",
    phone: "Teléfono de la oficina: (817) 555-0142",
    hours: "Horario de oficina: Lunes a viernes: 8:00 a. m. - 5:00 p. m.",
  },
} as const;

export type ReplyFacts = { price: string; total?: string; beds: string; baths: string; status: string };
export type ReplyLinks = { home: string; criteria?: string; visit?: string };

/** A home's lines: its facts, then its links (those given), each "- Label: value". */
export function homeReplyLines(language: Language, facts: ReplyFacts, links: ReplyLinks): string[] {
  const words = WORDS[language];
  return [
    `${words.price}: ${facts.price}`,
    ...(facts.total ? [`${words.total}: ${facts.total}`] : []),
    words.rooms(facts.beds, facts.baths),
    `${words.status}: ${facts.status}`,
    `${words.home}: ${links.home}`,
    ...(links.criteria ? [`${words.criteria}: ${links.criteria}`] : []),
    ...(links.visit ? [`${words.visit}: ${links.visit}`] : []),
  ].map((line) => `- ${line}`);
}

/** The office's phone and hours lines. */
export function officeReplyLines(language: Language): string[] {
  return [`- ${WORDS[language].phone}`, `- ${WORDS[language].hours}`];
}
