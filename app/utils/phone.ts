/**
 * A `tel:` link for a phone number as a visitor typed it ("(817) 555-0100",
 * "+1 817 555 0101 ext. 12"): the digits before any extension, with a leading '+' kept;
 * null when there are too few digits to dial (under 7), so the number stays plain text.
 */
export function telHref(phone: string): string | null {
  const number = phone.split(/[A-Za-z#]/)[0];
  const digits = number.replace(/\D/g, "");
  if (digits.length < 7) return null;
  return `tel:${number.trim().startsWith("+") ? "+" : ""}${digits}`;
}
