import type { LoaderFunctionArgs } from "@remix-run/node";
import { getMediaCard, type MediaCard } from "~/models/media.server";
import { MEDIA_MESSAGES, mediaTabUrl } from "~/utils/media-form";
import { parseId } from "~/utils/params";
import { redirectWithToast } from "~/utils/toast.server";

/**
 * The media item a Media tab dialog (/admin/dashboard/media/:id/...) is about; for an id
 * that names none (deleted meanwhile, say), a redirect back to the tab, same search and
 * page, that says so.
 */
export async function mediaForDialog(request: Request, params: LoaderFunctionArgs["params"]): Promise<MediaCard> {
  const id = parseId(params.id);
  const item = id === null ? undefined : getMediaCard(id);
  if (item) return item;
  throw await redirectWithToast(mediaTabUrl(new URL(request.url).searchParams), {
    title: "Error",
    description: MEDIA_MESSAGES.notFound,
    variant: "destructive",
  });
}
