import { isIP } from "node:net";
import { clientNetworkOf } from "~/utils/client-network.server";
import { RememberedKeys } from "~/services/rate-limits/rate-limit.server";

/**
 * The networks each address has signed in from lately (by link or through Google):
 * a request for a sign-in link from one of them is the admin's own, so it has its own
 * allowance, which strangers elsewhere cannot spend (docs/decisions/031).
 */

export const SIGNED_IN_NETWORK_LIFETIME_MS = 30 * 24 * 60 * 60_000;

const signedInNetworks = new RememberedKeys("signed-in-network", SIGNED_IN_NETWORK_LIFETIME_MS);

function keyOf(email: string, clientIp: string): string {
  return `${email.toLowerCase()} ${clientNetworkOf(clientIp)}`;
}

/** Called on every successful sign-in; the mark lasts 30 days from the latest one. */
export async function rememberSignInNetwork(email: string, clientIp: string | null): Promise<void> {
  // Without a real address there is no network to remember (and "unknown" is no one's).
  if (!clientIp || !isIP(clientIp)) return;
  await signedInNetworks.remember(keyOf(email, clientIp));
}

export async function hasSignedInFrom(email: string, clientIp: string): Promise<boolean> {
  if (!isIP(clientIp)) return false;
  return signedInNetworks.has(keyOf(email, clientIp));
}
