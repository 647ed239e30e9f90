import { Link, useFetcher, useNavigate } from "react-router";
import type { MouseEvent } from "react";
import { SafeImage } from "~/components/ui/safe-image";
import { isPortrait, PortraitCropNotice } from "~/components/admin/portrait-crop-notice";
import { buttonState } from "~/components/ui/control-styles";
import { toast } from "~/components/ui/toast";
import { formatFileSize, MEDIA_MESSAGES } from "~/models/media-form";
import { MEDIA_PATH } from "~/paths";

export type MediaCardItem = {
  id: number;
  originalName: string;
  filePath: string;
  url: string;
  fileSize: number;
  mimeType: string;
  width: number | null;
  height: number | null;
  isHeroImage: boolean;
  propertyId: number | null;
  propertyName: string | null;
  added: string;
};

const outlineButton =
  "inline-flex h-9 items-center rounded-md border border-slate-300 px-3 text-sm font-semibold text-slate-700 hover:bg-slate-100";

/**
 * One media item on the Media tab. Every control works without JavaScript (forms that
 * post to the tab, links to the item's dialogs); with it the hero switch and Unlink
 * post through fetchers so the page stays where it is, and Copy URL copies in place.
 * `search` is the tab's search and page, carried to the dialogs and back. A portrait
 * photo is shown whole, beside the notice with the crop the public cards make of it.
 */
export function MediaCard({ item, search }: { item: MediaCardItem; search: string }) {
  const nameId = `media-${item.id}-name`;
  const isImage = item.mimeType.startsWith("image/");
  return (
    <article aria-labelledby={nameId} className="flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      {/* Its overflow hidden, the box stays 3:2: else a portrait photo's own height stretches it. */}
      <div className="aspect-[3/2] overflow-hidden bg-slate-100">
        {isImage ? (
          <SafeImage
            src={item.filePath}
            alt=""
            width={480}
            height={320}
            sizes="(min-width: 1280px) 300px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
            loading="lazy"
            className={`h-full w-full ${isPortrait(item) ? "object-contain" : "object-cover"}`}
          />
        ) : (
          <div className="flex h-full items-center justify-center text-sm font-semibold uppercase text-slate-500">{item.mimeType}</div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="min-w-0">
          <h3 id={nameId} className="break-all font-semibold text-slate-900">
            {item.originalName}
          </h3>
          <p className="mt-1 text-sm text-slate-600">
            {formatFileSize(item.fileSize)} · <span className="break-all">{item.mimeType}</span>
          </p>
          <p className="text-sm text-slate-600">Added {item.added}</p>
          <p className="mt-1 text-sm text-slate-800">
            {item.propertyName ? (
              <>
                <span className="text-slate-600">Property:</span> <span className="font-medium">{item.propertyName}</span>
              </>
            ) : (
              <span className="text-slate-600">Not linked</span>
            )}
          </p>
        </div>
        {isImage ? <PortraitCropNotice photo={item} /> : null}
        <HeroSwitch item={item} search={search} />
        <div className="mt-auto flex flex-wrap gap-2">
          <Link to={`${MEDIA_PATH}/${item.id}/link${search}`} preventScrollReset className={outlineButton}>
            Link to property
          </Link>
          {item.propertyId !== null ? <UnlinkButton item={item} search={search} /> : null}
          <CopyUrlLink item={item} search={search} />
          <Link to={`${MEDIA_PATH}/${item.id}/reupload${search}`} preventScrollReset className={outlineButton}>
            Re-upload
          </Link>
          <Link
            to={`${MEDIA_PATH}/${item.id}/delete${search}`}
            preventScrollReset
            className="inline-flex h-9 items-center rounded-md border border-red-300 px-3 text-sm font-semibold text-red-700 hover:bg-red-50"
          >
            Delete
          </Link>
        </div>
      </div>
    </article>
  );
}

/** The hero switch: a submit button with role="switch"; it shows the new state at once. */
function HeroSwitch({ item, search }: { item: MediaCardItem; search: string }) {
  const fetcher = useFetcher({ key: `media-hero-${item.id}` });
  const sent = fetcher.formData?.get("isHeroImage");
  const checked = typeof sent === "string" ? sent === "true" : item.isHeroImage;
  const labelId = `media-${item.id}-hero`;
  return (
    <fetcher.Form method="post" action={`${MEDIA_PATH}${search}`} preventScrollReset className="flex items-center gap-3">
      <input type="hidden" name="intent" value="hero" />
      <input type="hidden" name="id" value={item.id} />
      <button
        type="submit"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        name="isHeroImage"
        value={String(!checked)}
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors ${checked ? "bg-brand-700" : "bg-slate-500"}`}
      >
        <span aria-hidden="true" className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${checked ? "translate-x-5" : "translate-x-0.5"}`} />
      </button>
      <span id={labelId} className="text-sm font-medium text-slate-800">
        Hero image
      </span>
    </fetcher.Form>
  );
}

function UnlinkButton({ item, search }: { item: MediaCardItem; search: string }) {
  const fetcher = useFetcher({ key: `media-unlink-${item.id}` });
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={`${MEDIA_PATH}${search}`} preventScrollReset>
      <input type="hidden" name="intent" value="unlink" />
      <input type="hidden" name="id" value={item.id} />
      <input type="hidden" name="propertyId" value={item.propertyId ?? ""} />
      <button type="submit" disabled={busy} aria-busy={busy || undefined} className={`${outlineButton} ${buttonState(busy)}`}>
        Unlink
      </button>
    </fetcher.Form>
  );
}

/**
 * Copy URL: a link to the item's URL page (to copy by hand without JavaScript); with
 * JavaScript it copies the absolute URL and says so, or opens that page if the
 * browser refuses the clipboard.
 */
function CopyUrlLink({ item, search }: { item: MediaCardItem; search: string }) {
  const navigate = useNavigate();
  const href = `${MEDIA_PATH}/${item.id}/url${search}`;
  const copy = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (!navigator.clipboard?.writeText || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    try {
      await navigator.clipboard.writeText(item.url);
      toast({ title: "Success", description: MEDIA_MESSAGES.urlCopied });
    } catch {
      navigate(href, { preventScrollReset: true });
    }
  };
  return (
    <Link to={href} preventScrollReset onClick={copy} className={outlineButton}>
      Copy URL
    </Link>
  );
}
