import type { ActionFunction, LoaderFunction, ServerBuild } from "react-router";
import { databaseFaultJson } from "../app/http/database-fault-answers.server";
import { databaseFaultOf } from "../app/db/faults";
import type { Language } from "../app/utils/locale";
import { log } from "../app/config/logger.server";

/**
 * Remix answers whatever a loader or an action throws with a bare 500 (a JSON call gets
 * "Unexpected Server Error", a page the generic error page), and hides the error itself
 * from the error boundaries in production. So every route's loader and action is wrapped
 * here, once at start: a database fault (database-faults.ts) is thrown on as its own
 * answer instead, a Response with status 503 or 507, which a JSON route returns as it is
 * and a page hands to its error boundary (app/components/error-pages.tsx).
 */
export function answeringDatabaseFaults(build: ServerBuild, languageOf: (request: Request) => Promise<Language>): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    const { loader, action } = route.module;
    const page = route.module.default !== undefined;
    const module = { ...route.module };
    if (loader) module.loader = guarded(id, loader, page, languageOf);
    if (action) module.action = guarded(id, action, page, languageOf);
    routes[id] = { ...route, module };
  }
  return { ...build, routes };
}

function guarded<F extends LoaderFunction | ActionFunction>(
  routeId: string,
  handler: F,
  page: boolean,
  languageOf: (request: Request) => Promise<Language>,
): F {
  const wrapped = async (args: Parameters<F>[0]) => {
    try {
      return await handler(args);
    } catch (error) {
      const fault = databaseFaultOf(error);
      if (!fault) throw error;
      // Not the error itself: a failed query's message carries its parameters (a visitor's message).
      log.warn(`database ${fault}: answered ${page ? "with the error page" : "in JSON"}`, { route: routeId });
      throw databaseFaultJson(fault, await languageOf(args.request), { page });
    }
  };
  return wrapped as F;
}
