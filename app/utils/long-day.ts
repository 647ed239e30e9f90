import type { Language } from "./locale";

const MONTHS: Record<Language, readonly string[]> = {
  en: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
  es: ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"],
};

/**
 * A calendar day ("2027-01-15") as people write it: "January 15, 2027" / "15 de enero de
 * 2027", what Intl's long date style says in en-US and es-MX. Written out rather than
 * asked of Intl: the first date format a phone makes costs it about 20 ms (its locale's
 * calendar data), and a page of cards names such a day on the first render.
 */
export function longDay(day: string, language: Language): string {
  const [year, month, date] = day.split("-").map(Number);
  const monthName = MONTHS[language][month - 1];
  return language === "es" ? `${date} de ${monthName} de ${year}` : `${monthName} ${date}, ${year}`;
}
