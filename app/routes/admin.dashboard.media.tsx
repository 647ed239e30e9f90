import { Link, Outlet, useLoaderData, data, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { MediaCard } from "~/components/admin/media-card";
import { SearchForm } from "~/components/admin/search-form";
import { TabActionLink, TabPanel } from "~/components/admin/tab-panel";
import { unlinkMediaFromProperty } from "~/models/media-links.server";
import { absoluteMediaUrl, mediaPage, setHeroImage } from "~/models/media.server";
import { requireAdmin } from "~/auth/admin-guard.server";
import { formatDate } from "~/utils/dates";
import {
  heroImageFormValues,
  heroImageSchema,
  MEDIA_MESSAGES,
  MEDIA_PAGE_SIZE,
  MEDIA_QUERY_MAX_LENGTH,
  mediaListQuerySchema,
  mediaTabSearchFor,
  mediaTabUrl,
} from "~/models/media-form";
import { parseId } from "~/http/params";
import { redirectWithToast } from "~/http/toast.server";
import { readForm } from "~/http/form-body.server";
import { MEDIA_CARD_FORM } from "~/http/form-shapes.server";
import { MEDIA_PATH } from "~/paths";
import { NO_STORE } from "~/http/no-store";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  // Read leniently: a bad page number shows the first page, an overlong search its start.
  const q = (params.get("q") ?? "").trim().slice(0, MEDIA_QUERY_MAX_LENGTH);
  const page = mediaListQuerySchema.shape.page.safeParse(params.get("page") ?? undefined).data ?? 1;
  const result = mediaPage({ q, page, pageSize: MEDIA_PAGE_SIZE });
  const items = result.items.map((item) => ({
    id: item.id,
    originalName: item.originalName,
    filePath: item.filePath,
    url: absoluteMediaUrl(item.filePath),
    fileSize: item.fileSize,
    mimeType: item.mimeType,
    width: item.width,
    height: item.height,
    isHeroImage: item.isHeroImage,
    propertyId: item.propertyId,
    propertyName: item.propertyName,
    added: formatDate(item.createdAt),
  }));
  return data({ q, items, total: result.total, page: result.page, pageCount: result.pageCount }, { headers: NO_STORE });
}

/**
 * The cards' own forms (intent buttons): the hero switch and Unlink. Each answers with
 * a redirect back to the same search and page, carrying its toast (docs/product.md §8).
 */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const back = mediaTabUrl(new URL(request.url).searchParams);
  const form = await readForm(request, MEDIA_CARD_FORM);
  const id = parseId(String(form.get("id") ?? ""));
  const failed = (description: string) => redirectWithToast(back, { title: "Error", description, variant: "destructive" });
  switch (form.get("intent")) {
    case "hero": {
      const parsed = heroImageSchema.safeParse(heroImageFormValues(form));
      const outcome = id === null || !parsed.success ? null : setHeroImage(id, parsed.data.isHeroImage, admin.email);
      if (outcome?.kind !== "updated") return failed(MEDIA_MESSAGES.heroFailed);
      return redirectWithToast(back, { title: "Success", description: MEDIA_MESSAGES.heroUpdated });
    }
    case "unlink": {
      const propertyId = parseId(String(form.get("propertyId") ?? ""));
      const outcome = id === null || propertyId === null ? null : unlinkMediaFromProperty(propertyId, id, admin.email);
      if (outcome?.kind !== "unlinked") return failed(MEDIA_MESSAGES.unlinkFailed);
      return redirectWithToast(back, { title: "Success", description: MEDIA_MESSAGES.unlinked });
    }
    default:
      // The cards send only these intents; anything else is told like their failures.
      return failed(MEDIA_MESSAGES.unknownAction);
  }
}

const pagerLink = "inline-flex h-10 items-center rounded-md border border-slate-300 px-4 text-sm font-semibold text-slate-700 hover:bg-slate-100";

const pageHref = (q: string, page: number) => `${MEDIA_PATH}${mediaTabSearchFor(q, page)}`;

export default function MediaTab() {
  const { q, items, total, page, pageCount } = useLoaderData<typeof loader>();
  const search = mediaTabSearchFor(q, page);
  const first = total ? (page - 1) * MEDIA_PAGE_SIZE + 1 : 0;
  const last = (page - 1) * MEDIA_PAGE_SIZE + items.length;
  return (
    <TabPanel
      id="media-title"
      title="Media Library"
      description="Images and files: choose the home page's hero images, link photos to properties, copy a file's URL or delete it"
      actions={
        <TabActionLink to={`${MEDIA_PATH}/upload${search}`}>Upload Image</TabActionLink>
      }
      toolbar={
        <>
          <SearchForm
            action={MEDIA_PATH}
            id="media-search"
            label="Search media by file name"
            placeholder="Search by file name"
            value={q}
          />
          <p className="mt-3 text-sm text-slate-600" role="status">
            {total === 0 ? "No media" : `Showing ${first}–${last} of ${total.toLocaleString("en-US")} ${total === 1 ? "item" : "items"}`}
          </p>
        </>
      }
    >
      {items.length === 0 ? (
        <p className="p-5 text-slate-600">{q ? "No media match your search" : "No media yet"}</p>
      ) : (
        <ul className="grid gap-4 p-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {items.map((item) => (
            <li key={item.id}>
              <MediaCard item={item} search={search} />
            </li>
          ))}
        </ul>
      )}
      {pageCount > 1 ? (
        <nav aria-label="Media pages" className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 p-5">
          {page > 1 ? (
            <Link to={pageHref(q, page - 1)} className={pagerLink}>
              Previous page
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm text-slate-600">
            {`Page ${page} of ${pageCount}`}
          </span>
          {page < pageCount ? (
            <Link to={pageHref(q, page + 1)} className={pagerLink}>
              Next page
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
      <Outlet />
    </TabPanel>
  );
}
