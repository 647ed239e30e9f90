import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { json } from "~/http/json-response";
import type { z, ZodTypeAny } from "zod";
import { requireAdminApi } from "~/auth/admin-guard.server";
import type { AdminIdentity } from "~/models/admins.server";
import { fieldErrorsOf, methodNotAllowed, NOT_A_JSON_OBJECT, readJsonObject } from "./api.server";
import { NO_STORE } from "~/http/no-store";

/**
 * What every admin JSON route (/api/admin/*, docs/product.md §7) does before its own
 * work, in one place: 401 without a session, whatever the method; 405 with `Allow` for a
 * method the path does not take; and, for a call with a body, 400
 * `{error, fieldErrors}` when the body is not a JSON object or fails its schema. Every
 * answer is `no-store`: these calls read or change private data.
 *
 * A route states only its methods, its schema and its model call:
 *
 *   export const { loader, action } = adminJsonRoute({
 *     GET: () => noStoreJson(listAllFaqs().map(faqJson)),
 *     POST: ({ request, admin }) =>
 *       withJsonBody(request, faqSchema, FAQ_MESSAGES.createFailed, (faq) => ...),
 *   });
 */

export type AdminJsonCall = { request: Request; params: LoaderFunctionArgs["params"]; context: LoaderFunctionArgs["context"]; admin: AdminIdentity };
type Handler = (call: AdminJsonCall) => Response | Promise<Response>;
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export type AdminJsonRouteOptions = {
  /** Answers before the method is looked at (an unknown key in the path is 404 for every method). */
  before?: (call: AdminJsonCall) => Response | null;
};

/**
 * The loader and action of an admin JSON route. The methods' order is the order of the
 * `Allow` header. The loader answers GET (and HEAD) with the GET handler; the action
 * answers the other methods.
 */
export function adminJsonRoute(methods: Partial<Record<Method, Handler>>, options: AdminJsonRouteOptions = {}) {
  const allow = Object.keys(methods).join(", ");
  async function answer(method: string, { request, params, context }: LoaderFunctionArgs | ActionFunctionArgs): Promise<Response> {
    const admin = await requireAdminApi(request);
    const call = { request, params, context, admin };
    const early = options.before?.(call);
    if (early) return early;
    const handler = methods[method as Method];
    return handler ? handler(call) : methodNotAllowed(allow);
  }
  return {
    loader: (args: LoaderFunctionArgs) => answer("GET", args),
    action: (args: ActionFunctionArgs) => answer(args.request.method, args),
  };
}

/** A JSON answer that no cache keeps; `headers` add to no-store. */
export function noStoreJson(data: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return json(data, { status: init.status ?? 200, headers: { ...NO_STORE, ...init.headers } });
}

/** 404 `{error}`. */
export function notFoundJson(error: string): Response {
  return noStoreJson({ error }, { status: 404 });
}

/** 400 `{error, fieldErrors}` for a field that was read but refused. */
export function refusedJson(error: string, fieldErrors: Record<string, string[]>): Response {
  return noStoreJson({ error, fieldErrors }, { status: 400 });
}

type Refusal = string | ((fieldErrors: Record<string, string[]>) => string);
type BodyHandler<S extends ZodTypeAny> = (data: z.output<S>) => Response | Promise<Response>;

/**
 * The request's JSON body read with `schema`, handed to `handle`. A body that is not a JSON
 * object holds no fields, so it is read as an empty one: the same field errors, with the
 * error "The request body must be a JSON object.". Otherwise the error is `refusal`, or
 * what `refusal` makes of the field errors.
 */
export async function withJsonBody<S extends ZodTypeAny>(request: Request, schema: S, refusal: Refusal, handle: BodyHandler<S>): Promise<Response> {
  return withReadBody(await readJsonObject(request), schema, refusal, handle);
}

/**
 * As withJsonBody, for a body already read once with readJsonObject (null: not a JSON
 * object): for a route whose schema depends on what the body names.
 */
export function withReadBody<S extends ZodTypeAny>(body: Record<string, unknown> | null, schema: S, refusal: Refusal, handle: BodyHandler<S>): Response | Promise<Response> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    const error = !body ? NOT_A_JSON_OBJECT : typeof refusal === "string" ? refusal : refusal(fieldErrors);
    return refusedJson(error, fieldErrors);
  }
  return handle(parsed.data);
}
