import { data, type LoaderFunctionArgs } from "react-router";
import { requireAdmin } from "~/auth/admin-guard.server";
import { getMediaCard, type MediaCard } from "~/models/media.server";
import { MEDIA_MESSAGES, mediaTabUrl } from "~/models/media-form";
import { parseId } from "./params";
import { NO_STORE } from "./no-store";
import { redirectWithToast } from "./toast.server";

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

/** The loader of a dialog that shows the item's name (Delete, Re-upload): admins only, never cached. */
export async function mediaNameDialogLoader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const item = await mediaForDialog(request, params);
  return data({ item: { id: item.id, originalName: item.originalName } }, { headers: NO_STORE });
}
