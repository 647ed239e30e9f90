import { Form, useActionData, useLoaderData, useLocation, useNavigation, data, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { PhotosUploadForm } from "~/components/admin/photos-upload-form";
import { LinkedPhotoList } from "~/components/admin/linked-photo-list";
import { Pager } from "~/components/admin/pager";
import { DialogCancelLink, RouteDialog } from "~/components/admin/route-dialog";
import { SearchForm } from "~/components/admin/search-form";
import { buttonState } from "~/components/ui/control-styles";
import { SafeImage } from "~/components/ui/safe-image";
import type { Media } from "~/db/schema";
import { linkMediaToProperty, unlinkedMediaPage, unlinkMediaFromProperty } from "~/models/media-links.server";
import { listPropertyMedia } from "~/models/media.server";
import { makeMainImage, moveLinkedPhoto, moveLinkedPhotoTo } from "~/models/property-photos.server";
import { mainFirst } from "~/models/photo-order";
import { getProperty } from "~/models/properties.server";
import { requireAdmin } from "~/auth/admin-guard.server";
import { hrefWith } from "~/utils/paging";
import { parseId } from "~/http/params";
import { notLinkedNaming, photosUploaded, PROPERTY_MESSAGES } from "~/models/property-messages";
import { propertiesTabUrl } from "~/http/property-tab";
import { redirectWithToast } from "~/http/toast.server";
import { isMultipartForm, readForm } from "~/http/form-body.server";
import { answerSeveralUploads } from "~/http/several-uploads.server";
import { PROPERTY_MEDIA_FORM } from "~/http/form-shapes.server";
import { PROPERTIES_PATH } from "~/paths";
import { NO_STORE } from "~/http/no-store";
import type { UploadFormAnswer } from "~/services/uploads/upload-rules";

/**
 * A property's images: the media linked to it, each with Unlink, 'Upload photos' (new
 * files linked after them, in the order chosen), and the media linked to no property,
 * each with Link, searched by name (?mq=) and paged (?mpage=): there may be thousands.
 * The list behind keeps its own ?q= and ?page=.
 */

const mediaView = ({ id, originalName, filePath, mimeType, width, height }: Media) => ({ id, originalName, filePath, width, height, isImage: mimeType.startsWith("image/") });

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = parseId(params.id);
  const property = id === null ? undefined : getProperty(id);
  if (!property) return redirectWithToast(propertiesTabUrl(request), { title: "Error", description: PROPERTY_MESSAGES.notFound, variant: "destructive" });
  const search = new URL(request.url).searchParams;
  const mq = search.get("mq")?.trim() ?? "";
  const available = unlinkedMediaPage({ q: mq, page: parseId(search.get("mpage")) ?? 1 });
  return data(
    {
      property: { id: property.id, name: property.name, imageUrl: property.imageUrl },
      linked: mainFirst(listPropertyMedia(property.id), property.imageUrl).map(mediaView),
      available: available.media.map(mediaView),
      availableTotal: available.total,
      mq,
      mpage: available.page,
      mpageCount: available.pageCount,
    },
    { headers: NO_STORE },
  );
}

/**
 * The order or main-image change a photo's form asks for. "move-to" is a drag's drop:
 * `position` is the place it landed on, 1 for the first (a missing one is out of range).
 */
function changePhoto(intent: "move-up" | "move-down" | "move-to" | "make-main", propertyId: number, mediaId: number, position: FormDataEntryValue | null, actor: string) {
  if (intent === "make-main") return makeMainImage(propertyId, mediaId, actor);
  if (intent === "move-to") return moveLinkedPhotoTo(propertyId, mediaId, parseId(String(position ?? "")) ?? 0, actor);
  return moveLinkedPhoto(propertyId, mediaId, intent === "move-up" ? "up" : "down", actor);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  const propertyId = parseId(params.id);
  // 'Upload photos' without JavaScript: the files, each recorded then linked, in order.
  if (isMultipartForm(request)) {
    const property = propertyId === null ? undefined : getProperty(propertyId);
    if (!property) return redirectWithToast(propertiesTabUrl(request), { title: "Error", description: PROPERTY_MESSAGES.notFound, variant: "destructive" });
    return answerSeveralUploads(request, admin.email, {
      back,
      success: photosUploaded,
      afterRecord: (item) => (linkMediaToProperty(property.id, item.id, admin.email).kind === "linked" ? null : notLinkedNaming(item.originalName)),
    });
  }
  const form = await readForm(request, PROPERTY_MEDIA_FORM);
  const intent = form.get("intent");
  const linking = intent === "link";
  const mediaId = parseId(String(form.get("mediaId") ?? ""));
  if (intent === "move-up" || intent === "move-down" || intent === "move-to" || intent === "make-main") {
    const outcome = propertyId === null || mediaId === null ? null : changePhoto(intent, propertyId, mediaId, form.get("position"), admin.email);
    if (outcome && (outcome.kind === "done" || outcome.kind === "unchanged")) {
      return redirectWithToast(back, { title: "Success", description: intent === "make-main" ? PROPERTY_MESSAGES.madeMain : PROPERTY_MESSAGES.moved });
    }
    const description =
      outcome?.kind === "not_an_image" ? PROPERTY_MESSAGES.notAnImage : intent === "make-main" ? PROPERTY_MESSAGES.makeMainFailed : PROPERTY_MESSAGES.moveFailed;
    return redirectWithToast(back, { title: "Error", description, variant: "destructive" });
  }
  const failed = { title: "Error", description: linking ? PROPERTY_MESSAGES.linkFailed : PROPERTY_MESSAGES.unlinkFailed, variant: "destructive" } as const;
  if (propertyId === null || mediaId === null) return redirectWithToast(back, failed);
  if (linking) {
    const outcome = linkMediaToProperty(propertyId, mediaId, admin.email);
    return redirectWithToast(back, outcome.kind === "linked" ? { title: "Success", description: PROPERTY_MESSAGES.linked } : failed);
  }
  const outcome = unlinkMediaFromProperty(propertyId, mediaId, admin.email);
  return redirectWithToast(back, outcome.kind === "unlinked" ? { title: "Success", description: PROPERTY_MESSAGES.unlinked } : failed);
}

type MediaView = ReturnType<typeof mediaView>;

function MediaRow(props: { item: MediaView; intent: "link" | "unlink"; action: string }) {
  const navigation = useNavigation();
  const { item, intent } = props;
  const busy = navigation.state === "submitting" && navigation.formData?.get("mediaId") === String(item.id);
  const label = intent === "link" ? (busy ? "Linking..." : "Link") : busy ? "Unlinking..." : "Unlink";
  return (
    <li className="flex items-center gap-3 py-3">
      {item.isImage ? (
        <SafeImage src={item.filePath} alt="" width={80} height={56} sizes="80px" loading="lazy" className="h-14 w-20 shrink-0 rounded-md bg-slate-100 object-cover" />
      ) : (
        <span className="flex h-14 w-20 shrink-0 items-center justify-center rounded-md bg-slate-100 text-xs font-semibold text-slate-600">File</span>
      )}
      <span className="min-w-0 flex-1 break-all text-sm text-slate-800">{item.originalName}</span>
      <Form method="post" action={props.action} preventScrollReset>
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="mediaId" value={item.id} />
        <button
          type="submit"
          disabled={busy}
          aria-busy={busy || undefined}
          className={`inline-flex h-10 items-center rounded-md border px-3 text-sm font-semibold ${buttonState(busy)} ${intent === "link" ? "border-brand-700 text-brand-700 hover:bg-brand-50" : "border-red-300 text-red-700 hover:bg-red-50"}`}
        >
          {/* The visible word starts the accessible name (WCAG 2.5.3), busy or not. */}
          {label}
          <span className="sr-only">{` ${item.originalName}`}</span>
        </button>
      </Form>
    </li>
  );
}

export default function PropertyImages() {
  const { property, linked, available, availableTotal, mq, mpage, mpageCount } = useLoaderData<typeof loader>();
  // Only 'Upload photos' answers with data (the other forms redirect).
  const uploadAnswer = useActionData<UploadFormAnswer>();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const tab = { q: params.get("q"), page: params.get("page") };
  const path = `${PROPERTIES_PATH}/${property.id}/media`;
  const backTo = hrefWith(PROPERTIES_PATH, tab);
  const action = `${path}${location.search}`;
  const noun = availableTotal === 1 ? "image" : "images";
  return (
    <RouteDialog
      title="Property Images"
      backTo={backTo}
      footer={<DialogCancelLink to={backTo} label="Done" />}
    >
      <p className="break-words text-slate-700">
        Images of <span className="font-semibold text-slate-900">{property.name}</span>, in the order the public site shows them. The main image is
        shown once, first.
      </p>

      <section aria-labelledby="linked-images-title" className="mt-5">
        <h3 id="linked-images-title" className="font-semibold text-brand-900">
          Linked images ({linked.length})
        </h3>
        {linked.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No images are linked to this property yet.</p>
        ) : (
          <LinkedPhotoList linked={linked} mainPath={property.imageUrl} action={action} />
        )}
      </section>

      <section aria-labelledby="upload-photos-title" className="mt-6 border-t border-slate-200 pt-5">
        <h3 id="upload-photos-title" className="font-semibold text-brand-900">
          Upload photos
        </h3>
        <PhotosUploadForm propertyId={property.id} action={action} serverAnswer={uploadAnswer} />
      </section>

      <section aria-labelledby="available-images-title" className="mt-6 border-t border-slate-200 pt-5">
        <h3 id="available-images-title" className="font-semibold text-brand-900">
          Images to link
        </h3>
        <p className="mt-1 text-sm text-slate-600">Media linked to no property.</p>
        <SearchForm
          action={path}
          id="media-search"
          name="mq"
          label="Search images by name"
          placeholder="Search by file name"
          value={mq}
          keep={Object.fromEntries(Object.entries(tab).filter((entry): entry is [string, string] => Boolean(entry[1])))}
          className="mt-3 flex flex-wrap gap-2"
        />
        <p className="mt-2 text-sm text-slate-600">{mq ? `${availableTotal} ${noun} match “${mq}”` : `${availableTotal} ${noun}`}</p>
        {available.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{mq ? "No images match your search" : "Every image is linked to a property."}</p>
        ) : (
          <ul aria-label="Images to link" className="divide-y divide-slate-100">
            {available.map((item) => (
              <MediaRow key={item.id} item={item} intent="link" action={action} />
            ))}
          </ul>
        )}
        <Pager label="Image pages" page={mpage} pageCount={mpageCount} hrefFor={(n) => hrefWith(path, { ...tab, mq, mpage: n })} />
      </section>
    </RouteDialog>
  );
}
