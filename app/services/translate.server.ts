import { config } from "~/config/env.server";
import { log } from "~/config/logger.server";
import { failureReason, readJsonAnswer, safeEndpoint, ServiceAnswerError } from "./outside-service.server";

/**
 * English to Spanish machine translation through a LibreTranslate-compatible service
 * (TRANSLATE_URL, and TRANSLATE_API_KEY when the service wants one):
 * POST {TRANSLATE_URL}/translate {q, source: "en", target: "es", format: "text", api_key?}
 * answers {translatedText}. Without TRANSLATE_URL nothing is translated. A failure or
 * a service that does not answer within TRANSLATE_TIMEOUT_MS is logged (never with
 * the key) and reported to the caller, who saves without the Spanish text.
 */

export const TRANSLATE_TIMEOUT_MS = 5_000;

export function translationServiceIsSetUp(): boolean {
  return Boolean(config().translateUrl);
}

export type TranslateResult = { kind: "unavailable" } | { kind: "failed" } | { kind: "done"; texts: string[] };

async function translateOne(endpoint: string, text: string, apiKey: string | null, signal: AbortSignal): Promise<string> {
  const body: Record<string, string> = { q: text, source: "en", target: "es", format: "text" };
  if (apiKey) body.api_key = apiKey;
  const response = await fetch(endpoint, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
    signal,
  });
  const answer = await readJsonAnswer(response);
  const translated = (answer as { translatedText?: unknown } | null)?.translatedText;
  if (typeof translated !== "string" || !translated.trim()) throw new ServiceAnswerError("the answer has no translatedText");
  return translated.trim();
}

/**
 * Translates each text from English to Spanish, all within one deadline. Either every
 * text comes back translated, or the whole call counts as failed: a half-translated
 * FAQ would mix languages on the Spanish site.
 */
export async function translateToSpanish(texts: string[]): Promise<TranslateResult> {
  const { translateUrl, translateApiKey } = config();
  if (!translateUrl) return { kind: "unavailable" };
  if (!texts.length) return { kind: "done", texts: [] };
  const endpoint = `${translateUrl.replace(/\/+$/, "")}/translate`;
  const signal = AbortSignal.timeout(TRANSLATE_TIMEOUT_MS);
  try {
    const translated = await Promise.all(texts.map((text) => translateOne(endpoint, text, translateApiKey, signal)));
    return { kind: "done", texts: translated };
  } catch (error) {
    log.warn("Spanish translation failed", { service: safeEndpoint(translateUrl), reason: failureReason(error, TRANSLATE_TIMEOUT_MS) });
    return { kind: "failed" };
  }
}
