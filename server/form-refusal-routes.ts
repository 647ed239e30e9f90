import type { ActionFunction, ServerBuild } from "react-router";
import type { Request as ExpressRequest } from "express";
import { FormRefused, formRefusalOf } from "../app/http/form-body.server";
import type { FormRefusedData } from "../app/utils/form-shape";
import type { Language } from "../app/utils/locale";
import { FORM_REFUSAL, refusalPage, REFUSALS, wantsJson } from "./refusal";
import type { LoadContext } from "./router-handler";

/**
 * A form post its action refused to read (readForm, app/http/form-body.server.ts) is
 * answered with the refusal's status (400 or 413) and the texts of the page that says so,
 * in the visitor's language, instead of Remix's bare 500. Every route's action is wrapped
 * here, once at start; a page hands the answer to its error boundary
 * (app/components/error-pages.tsx), which shows the texts as they come: the page's
 * loaders, and with them the dictionary, do not run after its action failed. A route
 * without a page (a button's action, such as signing out) answers the small refusal
 * page the server gives before the app, as Remix would send its answer as it is.
 *
 * A JSON request gets neither: the refusal is noted on the request's load context, and
 * the server answers it as it answers its own refusals, in JSON (refusedFormInJson).
 */
export function answeringFormRefusals(build: ServerBuild, languageOf: (request: Request) => Promise<Language>): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    const action = route.module.action;
    const page = route.module.default !== undefined;
    routes[id] = action ? { ...route, module: { ...route.module, action: refusingForms(action, page, languageOf) } } : route;
  }
  return { ...build, routes };
}

function refusingForms(action: ActionFunction, page: boolean, languageOf: (request: Request) => Promise<Language>): ActionFunction {
  return async (args) => {
    try {
      return await action(args);
    } catch (error) {
      const refusal = formRefusalOf(error);
      if (!refusal) throw error;
      (args.context as Partial<LoadContext>).formRefused = refusal.status;
      const headers = { "Cache-Control": "no-store" };
      if (!page) {
        throw new Response(refusalPage(refusal.status, REFUSALS.formUnreadable), { status: refusal.status, headers: { ...headers, "Content-Type": "text/html; charset=utf-8" } });
      }
      const language = await languageOf(args.request);
      const data: FormRefusedData = {
        formRefused: true,
        title: FORM_REFUSAL.title[language],
        error: FORM_REFUSAL.text[language],
        home: FORM_REFUSAL.home[language],
      };
      throw new Response(JSON.stringify(data), {
        status: refusal.status,
        headers: { ...headers, "Content-Type": "application/json; charset=utf-8" },
      });
    }
  };
}

/**
 * A form refusal to answer in JSON instead of the app's answer, for a request that sends
 * JSON or asks for it first: a page route's refusal is a page of its error boundary, which
 * such a caller cannot read. Remix's own data requests (JavaScript running) keep the
 * error boundary's data, which the page shows in the visitor's language.
 */
export function refusedFormInJson(req: ExpressRequest, context: LoadContext): FormRefused | null {
  if (context.formRefused === undefined || req.path.endsWith(".data") || !wantsJson(req)) return null;
  return new FormRefused(context.formRefused, "a form refused to a JSON request");
}
