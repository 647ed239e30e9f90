import { nextContactMessageId, recordContactMessage } from "~/models/messages.server";
import { clientNetworkOf } from "~/utils/client-network.server";
import { isHoneypotFilled, type ContactInput } from "~/models/contact-schema";
import { log } from "~/config/logger.server";
import { RateLimiter } from "~/services/rate-limits/rate-limit.server";
import { clientFields } from "~/config/log-pseudonyms.server";
import type { Language } from "~/utils/locale";
import type { EnquiryOrigin } from "~/models/enquiry-source";

/**
 * What the form action and POST /api/contact share once the input is valid: the
 * per-IP limit (one limiter for both doors), the honeypot, the write.
 */

// docs/product.md §9: contact messages at most 10 per client IP in 10 minutes (an IPv6 client by its /64).
// Visit requests are messages too and spend the same allowance (visit-requests.server.ts).
export const visitorMessageLimiter = new RateLimiter("contact", 10, 10 * 60_000);

export type ContactOutcome = { kind: "stored"; id: number } | { kind: "rate_limited"; retryAfterSeconds: number };

export async function submitContactMessage(input: ContactInput, options: { clientIp: string; honeypot: unknown; language: Language; origin: EnquiryOrigin }): Promise<ContactOutcome> {
  // Counted after validation: a visitor correcting typos is not spending the allowance.
  const limit = await visitorMessageLimiter.hit(clientNetworkOf(options.clientIp));
  if (!limit.allowed) return { kind: "rate_limited", retryAfterSeconds: limit.retryAfterSeconds };
  if (isHoneypotFilled(options.honeypot)) {
    // Answered like a stored message so the bot learns nothing.
    log.info("contact: honeypot filled, message dropped", clientFields(options.clientIp));
    return { kind: "stored", id: nextContactMessageId() };
  }
  const message = recordContactMessage(input, options.language, options.origin);
  return { kind: "stored", id: message.id };
}
