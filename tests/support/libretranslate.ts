import http from "node:http";
import { listenOnLoopback, type ListeningStub } from "./loopback";

/**
 * A small real HTTP server speaking LibreTranslate's API, for tests:
 * POST /translate with JSON {q, source, target, format, api_key?} answers
 * {translatedText}. It "translates" by a visible prefix (TRANSLATED_PREFIX), so a test
 * can tell a machine translation from typed Spanish. Its mode can be switched between
 * answering normally, failing with 500, and never answering (a hung service); every
 * request is recorded, api_key included.
 */

export const TRANSLATED_PREFIX = "ES: ";

export type TranslateMode = "ok" | "fail" | "hang";
export type RecordedTranslation = { path: string; method: string; contentType: string | undefined; body: Record<string, unknown> | null };

export function fakeSpanish(text: string): string {
  return `${TRANSLATED_PREFIX}${text}`;
}

/** A loopback stub that records what it is asked and can be switched to misbehave. */
export type LibreTranslateStub = ListeningStub & { requests: RecordedTranslation[]; setMode: (mode: TranslateMode) => void; reset: () => void };

export async function startLibreTranslate(options: { port?: number; host?: string } = {}): Promise<LibreTranslateStub> {
  let mode: TranslateMode = "ok";
  const requests: RecordedTranslation[] = [];

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      let body: Record<string, unknown> | null = null;
      try {
        const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
      } catch {
        // recorded as null
      }
      requests.push({ path: request.url ?? "", method: request.method ?? "", contentType: request.headers["content-type"], body });

      const send = (status: number, answer: unknown) => {
        response.writeHead(status, { "Content-Type": "application/json" });
        response.end(JSON.stringify(answer));
      };
      if (mode === "hang") return; // never answers; stop() drops the connection
      if (request.method !== "POST" || request.url !== "/translate") return send(404, { error: "Not Found" });
      if (mode === "fail") return send(500, { error: "Translation engine crashed" });
      if (!body || typeof body.q !== "string" || body.source !== "en" || body.target !== "es") {
        return send(400, { error: "Invalid request: q, source and target are required" });
      }
      send(200, { translatedText: fakeSpanish(body.q) });
    });
  });

  const listening = await listenOnLoopback(server, options);

  return {
    ...listening,
    requests,
    setMode: (next) => (mode = next),
    reset: () => {
      mode = "ok";
      requests.length = 0;
    },
  };
}
