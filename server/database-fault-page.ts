import type { Request, Response } from "express";
import { databaseFaultHeaders, databaseFaultTexts } from "../app/http/database-fault-answers.server";
import { DATABASE_FAULT_STATUS, type DatabaseFault } from "../app/db/faults";
import { escapeHtml } from "../app/utils/html";
import type { Language } from "../app/utils/locale";
import { plainPage, wantsJson } from "./refusal";

/**
 * A database fault met before Remix (the shared count of writes, server/app.ts, is the
 * first thing every form post and JSON write touches): JSON for JSON calls, and for a
 * browser's page or form post a page of its own. That page is plain HTML, made without
 * Remix and without the database: the site's layout needs the text dictionary, which
 * lives in the database that just failed.
 */
export function sendDatabaseFault(req: Request, res: Response, fault: DatabaseFault, language: Language) {
  const texts = databaseFaultTexts(fault, language);
  res.status(DATABASE_FAULT_STATUS[fault]).set(databaseFaultHeaders(fault));
  if (!wantsPage(req)) return void res.json({ error: texts.text });
  res
    .type("html")
    .send(plainPage(language, texts.title, `<h1>${escapeHtml(texts.title)}</h1><p role="alert">${escapeHtml(texts.text)}</p><p><a href="/">${escapeHtml(texts.home)}</a></p>`));
}

/** A browser loading a page or posting a form (not a JSON call, not Remix's own data request). */
function wantsPage(req: Request): boolean {
  return !wantsJson(req) && req.accepts(["json", "html"]) === "html";
}
