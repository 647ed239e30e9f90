import type { Request, Response } from "express";
import { escapeHtml } from "../app/utils/html";

/**
 * What a refusal made before Remix (a body too large, a cross-site write, too many
 * writes, a malformed URL) says, in English and Spanish: the form a person posted
 * without JavaScript is on a page of either language, and these answers are made
 * before the app knows which.
 */
export type RefusalText = { en: string; es: string };

/** A form post the server could not read as the form it was sent to (app/http/form-body.server.ts). */
export const FORM_REFUSAL = {
  title: { en: "This form could not be read", es: "No se pudo leer este formulario" },
  text: {
    en: "Nothing was sent or saved. Please go back, reload the page and send the form again.",
    es: "No se envió ni se guardó nada. Por favor, regrese, vuelva a cargar la página y envíe el formulario de nuevo.",
  },
  home: { en: "Go back home", es: "Volver al inicio" },
} satisfies Record<string, RefusalText>;

const TOO_MANY_REQUESTS: RefusalText = { en: "Too many requests. Please try again later.", es: "Demasiadas solicitudes. Inténtelo de nuevo más tarde." };

export const REFUSALS = {
  tooLarge: { en: "Request body too large", es: "La solicitud es demasiado grande" },
  crossSite: { en: "Cross-site request refused", es: "Solicitud de otro sitio rechazada" },
  tooManyWrites: TOO_MANY_REQUESTS,
  tooManyReads: TOO_MANY_REQUESTS,
  malformedUrl: { en: "Malformed URL", es: "URL mal formada" },
  badHost: { en: "Invalid Host header", es: "Encabezado Host no válido" },
  methodNotAllowed: { en: "Method not allowed", es: "Método no permitido" },
  preconditionFailed: { en: "Precondition failed", es: "La condición previa no se cumple" },
  rangeNotSatisfiable: { en: "Requested range not satisfiable", es: "El rango solicitado no es válido" },
  badRequest: { en: "Bad request", es: "Solicitud incorrecta" },
  formUnreadable: {
    en: `${FORM_REFUSAL.title.en}. ${FORM_REFUSAL.text.en}`,
    es: `${FORM_REFUSAL.title.es}. ${FORM_REFUSAL.text.es}`,
  },
  notFound: { en: "Not found", es: "No encontrado" },
  serverError: { en: "Internal server error", es: "Error interno del servidor" },
} satisfies Record<string, RefusalText>;

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/**
 * Who reads JSON: the JSON calls (/api), Remix's data requests (JavaScript running), and
 * any request that sends JSON or asks for it first (its Content-Type, or an Accept that
 * puts JSON before HTML), whatever path it is sent to. A browser's page or form post
 * reads a page: its Accept puts HTML first, and a fetch's `*\/*` takes either.
 */
export function wantsJson(req: Request): boolean {
  if (req.path.startsWith("/api/") || req.path.endsWith(".data")) return true;
  if (JSON_TYPE.test(req.headers["content-type"] ?? "")) return true;
  return req.headers.accept !== undefined && req.accepts(["html", "json"]) === "json";
}

/** A page of its own, made without Remix and without the database (either may be what failed). */
export function plainPage(language: string, title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/** The small page of a refusal, in both languages. */
export function refusalPage(status: number, text: RefusalText): string {
  const en = escapeHtml(text.en);
  const es = escapeHtml(text.es);
  return plainPage(
    "en",
    `${status} ${text.en}`,
    `<h1>${en}</h1>
<p role="alert">${en}</p>
<p lang="es">${es}</p>
<p><a href="/">Home</a> · <a href="/?lng=es" lang="es">Inicio</a></p>`,
  );
}

/** Answers `status` with the refusal's text: `{"error": ...}` to a JSON caller, a small page to a form post. */
export function refuse(req: Request, res: Response, status: number, text: RefusalText) {
  // The refusal is a body of its own: what an answer begun before it set (a static
  // file's encoding and validators) does not describe it.
  for (const name of ["Content-Encoding", "ETag", "Last-Modified"]) res.removeHeader(name);
  res.status(status).set("Cache-Control", "no-store");
  if (wantsJson(req)) return void res.json({ error: text.en });
  res.type("html").send(refusalPage(status, text));
}
