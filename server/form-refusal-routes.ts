import type { ActionFunction, ServerBuild } from "@remix-run/node";
import { formRefusalOf } from "../app/http/form-body.server";
import type { FormRefusedData } from "../app/utils/form-shape";
import type { Language } from "../app/utils/locale";
import { FORM_REFUSAL, refusalPage, REFUSALS } from "./refusal";

/**
 * A form post its action refused to read (readForm, app/http/form-body.server.ts) is
 * answered with the refusal's status (400 or 413) and the texts of the page that says so,
 * in the visitor's language, instead of Remix's bare 500. Every route's action is wrapped
 * here, once at start; a page hands the answer to its error boundary
 * (app/components/error-pages.tsx), which shows the texts as they come: the page's
 * loaders, and with them the dictionary, do not run after its action failed. A route
 * without a page (a button's action, such as signing out) answers the small refusal
 * page the server gives before the app, as Remix would send its answer as it is.
 */
export function answeringFormRefusals(build: ServerBuild, languageOf: (request: Request) => Promise<Language>): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
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
