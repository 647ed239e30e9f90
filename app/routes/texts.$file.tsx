import type { LoaderFunctionArgs } from "react-router";
import { getTextsFile } from "~/models/texts.server";
import { TEXTS_FILE_PATH } from "~/paths";
import { isLanguage } from "~/utils/locale";

/**
 * GET /texts/{en|es}.json?v={version}: one language's whole dictionary, which every page
 * loads in the browser by the version its root data names (docs/decisions/056). The
 * current version's file never changes, so the browser keeps it for a year; any other
 * `v` (a page drawn before an admin's edit) gets today's texts, not to be kept.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const language = TEXTS_FILE_PATH.exec(`/texts/${params.file}`)?.[1];
  if (!isLanguage(language)) {
    return Response.json({ error: "Not found" }, { status: 404, headers: { "Cache-Control": "no-store" } });
  }
  const { version, json } = getTextsFile(language);
  const current = new URL(request.url).searchParams.get("v") === version;
  return new Response(json, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "no-cache",
    },
  });
}

