import type { NextFunction, Request, Response } from "express";

const ESCAPED_COMMA_IN_IDS = /(?:^\?|&)ids=[^&]*%2c/i;

/**
 * A list of homes in a URL (`/favorites?ids=1,2,3`, `/compare?ids=...`) is spelled with
 * plain commas, as the site writes it and people share it. The language switch, a form
 * sent with GET, escapes them (`ids=1%2C2%2C3`): such a URL is sent to the same list with
 * its commas back. Here, before Remix, which reads the query already re-encoded.
 */
export function plainCommaLists(paths: string[]) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" || !paths.includes(req.path)) return next();
    const at = req.originalUrl.indexOf("?");
    const search = at === -1 ? "" : req.originalUrl.slice(at);
    if (!ESCAPED_COMMA_IN_IDS.test(search)) return next();
    res.redirect(302, `${req.path}${search.replace(/%2c/gi, ",")}`);
  };
}
