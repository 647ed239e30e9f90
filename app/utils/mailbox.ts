/**
 * The inbox an address reaches, for counting what the site sends there: lower case,
 * and the local part's "+tag" dropped ("Ana+1@Example.com" and "ana+2@example.com" are
 * one inbox, ana@example.com). Limits per recipient count this, never the address as
 * typed, or a stranger could reach one inbox under endless spellings.
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 0) return address;
  const local = address.slice(0, at);
  const plus = local.indexOf("+");
  return `${plus < 0 ? local : local.slice(0, plus)}${address.slice(at)}`;
}

/** The domain an address is at ("example.com"), lower case. */
export function mailDomainOf(email: string): string {
  const address = email.trim().toLowerCase();
  return address.slice(address.lastIndexOf("@") + 1);
}
