/**
 * Wakes the search-alert digests (search-alert-digests.server.ts) when a home has just
 * matched some alerts, so a first alert leaves within moments rather than at the next
 * round. Its own module: the code that records matches (saving a home) must not depend
 * on the code that sends the mails, which reads homes. server.ts starts the digests and
 * the Remix build records matches: two module graphs, so the round lives on globalThis
 * (as the mail worker's wake-up call does).
 */

const holder = globalThis as unknown as { __alertDigestRound?: (() => void) | null; __alertDigestKicked?: boolean };

/** Set by the digests when they start; null when they stop. */
export function onAlertDigestKick(run: (() => void) | null) {
  holder.__alertDigestRound = run;
}

/** Asks for a round soon (after the current transaction commits); several asks make one round. */
export function kickAlertDigests() {
  if (!holder.__alertDigestRound || holder.__alertDigestKicked) return;
  holder.__alertDigestKicked = true;
  setImmediate(() => {
    holder.__alertDigestKicked = false;
    holder.__alertDigestRound?.();
  });
}
