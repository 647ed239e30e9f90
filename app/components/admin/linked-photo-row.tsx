import { Form, useNavigation } from "react-router";
import { buttonState, DISABLED_BUTTON } from "~/components/ui/control-styles";
import { DragHandle, type DragHandleProps } from "~/components/ui/drag-handle";
import { SafeImage } from "~/components/ui/safe-image";
import { PortraitCropNotice, type PhotoShape } from "./portrait-crop-notice";
import type { DragToReorder, Landing } from "~/hooks/use-drag-to-reorder";

export type LinkedPhoto = PhotoShape & { id: number; originalName: string; isImage: boolean };

type Intent = "move-up" | "move-down" | "make-main" | "unlink";

const BUTTON = "inline-flex h-10 items-center rounded-md border px-3 text-sm font-semibold";
const QUIET = `${BUTTON} border-slate-300 text-slate-700 hover:bg-slate-100 ${DISABLED_BUTTON}`;

/**
 * A row's part in a drag (with JavaScript): its handle (none for the main image, which
 * keeps its place), where it takes a drop, the line showing where a dragged photo would
 * land, and whether it is the one dragged.
 */
export type PhotoRowDrag = { handle: DragHandleProps | null; target: ReturnType<DragToReorder["target"]>; landing: Landing | null; dragged: boolean };

/**
 * One photo linked to a home in Property Images, in the order the public carousels show
 * them: Move up / Move down, 'Make main image' and Unlink, each a form of its own (so
 * they work without JavaScript). The main image comes first and stays there: it says so
 * instead of offering to move or to become it, and the photo after it cannot move above it.
 * With JavaScript (`drag`), the others can also be dragged by a handle to another place.
 * A portrait photo says, under it all, how the cards crop it.
 */
export function LinkedPhotoRow(props: { item: LinkedPhoto; place: number; count: number; isMain: boolean; afterMain: boolean; action: string; drag?: PhotoRowDrag }) {
  const { item, place, count, drag } = props;
  return (
    <li className={`relative flex flex-wrap items-center gap-3 py-3 ${drag?.dragged ? "opacity-50" : ""}`} data-landing={drag?.landing ?? undefined} {...drag?.target}>
      {drag?.landing ? (
        <span aria-hidden="true" className={`pointer-events-none absolute inset-x-0 h-1 rounded-full bg-brand-600 ${drag.landing === "before" ? "-top-0.5" : "-bottom-0.5"}`} />
      ) : null}
      {drag ? (
        drag.handle ? (
          <DragHandle label={`Drag to reorder ${item.originalName}`} {...drag.handle} />
        ) : (
          // The main image's place for a handle: its photo stays in line with the others'.
          <span aria-hidden="true" className="w-6 shrink-0" />
        )
      ) : null}
      {item.isImage ? (
        <SafeImage src={item.filePath} alt="" width={80} height={56} sizes="80px" loading="lazy" className="h-14 w-20 shrink-0 rounded-md bg-slate-100 object-cover" />
      ) : (
        <span className="flex h-14 w-20 shrink-0 items-center justify-center rounded-md bg-slate-100 text-xs font-semibold text-slate-600">File</span>
      )}
      <span className="min-w-0 flex-1 text-sm text-slate-800">
        <span className="block break-all">{item.originalName}</span>
        <span className="block text-slate-600">{`Photo ${place} of ${count}`}</span>
        {props.isMain ? <span className="mt-1 inline-block rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">Main image</span> : null}
      </span>
      <div className="flex flex-wrap gap-2">
        {props.isMain ? null : (
          <>
            <PhotoButton item={item} intent="move-up" label="Move up" action={props.action} disabled={place === 1 || (props.afterMain && place === 2)} className={QUIET} />
            <PhotoButton item={item} intent="move-down" label="Move down" action={props.action} disabled={place === count} className={QUIET} />
          </>
        )}
        {item.isImage && !props.isMain ? (
          <PhotoButton item={item} intent="make-main" label="Make main image" action={props.action} className={`${BUTTON} border-brand-700 text-brand-700 hover:bg-brand-50`} />
        ) : null}
        <PhotoButton item={item} intent="unlink" label="Unlink" busyLabel="Unlinking..." action={props.action} className={`${BUTTON} border-red-300 text-red-700 hover:bg-red-50`} />
      </div>
      {item.isImage ? <PortraitCropNotice photo={item} className="basis-full" /> : null}
    </li>
  );
}

function PhotoButton(props: { item: LinkedPhoto; intent: Intent; label: string; busyLabel?: string; action: string; disabled?: boolean; className: string }) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("mediaId") === String(props.item.id) && navigation.formData?.get("intent") === props.intent;
  return (
    <Form method="post" action={props.action} preventScrollReset>
      <input type="hidden" name="intent" value={props.intent} />
      <input type="hidden" name="mediaId" value={props.item.id} />
      <button type="submit" disabled={props.disabled || busy} aria-busy={busy || undefined} className={`${props.className} ${buttonState(busy)}`}>
        {/* The visible words start the accessible name (WCAG 2.5.3), busy or not. */}
        {busy && props.busyLabel ? props.busyLabel : props.label}
        <span className="sr-only">{` ${props.item.originalName}`}</span>
      </button>
    </Form>
  );
}
