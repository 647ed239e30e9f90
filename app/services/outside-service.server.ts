/**
 * What the clients of outside services (translation, address search) share: reading a
 * JSON answer, and saying in a log line why a call failed without leaking a key.
 */

/** A service answered, but not as it should (an error status, not JSON, the wrong shape). */
export class ServiceAnswerError extends Error {}

/** The service's address for logs: no user, password or query (where keys may hide). */
export function safeEndpoint(base: string): string {
  const url = new URL(base);
  return `${url.origin}${url.pathname}`;
}

/** The answer's JSON, or ServiceAnswerError for an error status or a body that is not JSON. */
export async function readJsonAnswer(response: Response): Promise<unknown> {
  if (!response.ok) {
    // Drain the body so the connection is freed; its words are the service's, not logged.
    await response.body?.cancel().catch(() => undefined);
    throw new ServiceAnswerError(`HTTP ${response.status}`);
  }
  try {
    return await response.json();
  } catch {
    throw new ServiceAnswerError("the answer is not JSON");
  }
}

/** Why a call failed, for the log: a timeout, the service's bad answer, or the network's error. */
export function failureReason(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) return `no answer within ${timeoutMs} ms`;
  if (error instanceof ServiceAnswerError) return error.message;
  if (error instanceof Error) return error.cause instanceof Error ? error.cause.message : error.message;
  return String(error);
}
