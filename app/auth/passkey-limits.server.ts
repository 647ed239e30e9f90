import { RateLimiter } from "~/services/rate-limits/rate-limit.server";
import { clientNetworkOf } from "~/utils/client-network.server";

/**
 * Limits on the passkey calls (docs/product.md §9), per client network for signing in
 * (asking for options and answering them both count) and per admin for registering;
 * each times RATE_LIMIT_FACTOR.
 */
const WINDOW_MS = 15 * 60_000;
const signIn = new RateLimiter("passkey-sign-in-ip", 30, WINDOW_MS);
const register = new RateLimiter("passkey-register-admin", 20, WINDOW_MS);

export const passkeySignInLimit = (clientIp: string) => signIn.hit(clientNetworkOf(clientIp));
export const passkeyRegisterLimit = (email: string) => register.hit(email);
