import { json } from "~/http/json-response";
import type { ZodError } from "zod";
import { parseId } from "./params";
import { NO_STORE } from "~/http/no-store";


/** The 400 error of an admin JSON call whose body is not a JSON object. */
export const NOT_A_JSON_OBJECT = "The request body must be a JSON object.";

/**
 * The request's body when it is a JSON object; null for anything else (no body,
 * broken JSON, an array, null, a string or a number), which the caller answers with 400.
 */
export async function readJsonObject(request: Request): Promise<Record<string, unknown> | null> {
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch {
    return null;
  }
  return typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
}

/** 405 with the methods the path does answer, e.g. methodNotAllowed("GET, POST"). */
export function methodNotAllowed(allow: string): Response {
  return json({ error: "Method not allowed" }, { status: 405, headers: { Allow: allow, ...NO_STORE } });
}

/**
 * A failed zod parse as { field: [message, ...] }, each message once; `translate`
 * turns a schema's message (or dictionary key) into the visitor's text. A field inside
 * an object is named by its path ("facts.pets"); an item of a list by its list's.
 */
export function fieldErrorsOf(error: ZodError, translate: (message: string) => string = (message) => message): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const firstIndex = issue.path.findIndex((part) => typeof part === "number");
    const field = (firstIndex === -1 ? issue.path : issue.path.slice(0, firstIndex)).join(".");
    // An issue of the whole body (not an object) has no field: the answer's error says it.
    if (field === "") continue;
    const message = translate(issue.message);
    errors[field] = errors[field]?.includes(message) ? errors[field] : [...(errors[field] ?? []), message];
  }
  return errors;
}

/** The action of a read-only JSON route: any write method answers 405 JSON (Remix's own 405 is not JSON). */
export function readOnlyAction(): Response {
  return methodNotAllowed("GET");
}

export type PagingQuery = { page?: number; limit?: number; fieldErrors: Record<string, string[]> };

/**
 * `?page=` and `?limit=` of a paged admin list: positive whole numbers, the limit at most
 * `maxLimit`; absent or blank means the default. Mistakes come back as field errors,
 * which the caller answers with pagingRefusal (400).
 */
export function readPaging(params: URLSearchParams, maxLimit: number): PagingQuery {
  const fieldErrors: Record<string, string[]> = {};
  const number = (name: string) => {
    const value = params.get(name);
    if (value === null || value === "") return undefined;
    const parsed = parseId(value);
    if (parsed === null) fieldErrors[name] = [`${name} must be a positive whole number`];
    return parsed ?? undefined;
  };
  const page = number("page");
  const limit = number("limit");
  if (limit !== undefined && limit > maxLimit) fieldErrors.limit = [`limit must be at most ${maxLimit}`];
  return { page, limit, fieldErrors };
}

export function pagingRefusal(fieldErrors: Record<string, string[]>, error = "Invalid paging parameters"): Response {
  return json({ error, fieldErrors }, { status: 400, headers: NO_STORE });
}
