import { expect } from "vitest";

/** A line of the server's log (JSON, one object a line). */
export type LogLine = { level: string; time: string; msg: string; requestId?: string } & Record<string, unknown>;

/** The JSON lines of a server's output, in order; anything else (a crash's stack) is left out. */
export function logLines(output: string): LogLine[] {
  return output.split("\n").flatMap((line) => {
    if (!line.startsWith("{")) return [];
    try {
      return [JSON.parse(line) as LogLine];
    } catch {
      return [];
    }
  });
}

/** What a log line with this message and these fields looks like, to find it in `logLines`. */
export function logLineLike(message: string, fields: Record<string, unknown> = {}) {
  return expect.objectContaining({ msg: expect.stringContaining(message), ...fields });
}

/**
 * Waits for the line the server logged while answering the request with this
 * X-Request-Id (which part of it answered): its output may arrive after the answer.
 */
export async function expectLoggedFor(output: () => string, requestId: string | null | undefined, message: string, fields: Record<string, unknown> = {}) {
  expect(requestId, "the answer's X-Request-Id").toBeTruthy();
  await expect.poll(() => logLines(output())).toContainEqual(logLineLike(message, { requestId, ...fields }));
}
