import { suppressOthers } from "aria-hidden";
import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useSwipe } from "~/hooks/use-swipe";
import { handlePopState } from "~/utils/popstate-gate";
import { SafeImage } from "./safe-image";
import { Icon } from "~/components/ui/icon";

export type ViewerPhoto = { src: string; alt: string };

// Marks the history entry the viewer pushed: the phone's Back closes it alone.
const VIEWER_STATE = "photoViewer";

export type PhotoViewerLabels = {
  close: string;
  previous: string;
  next: string;
  /** "Photo 2 of 5": said when the photo changes. */
  position: (n: number, total: number) => string;
};

/**
 * Photos full screen, one at a time (JavaScript only: without it a home's page lists
 * them all). A modal dialog over everything, a dialog below included: Escape closes
 * this one only, ArrowLeft/ArrowRight and swipes move through the photos, the buttons do
 * the same for a mouse, Tab goes round its buttons, the rest of the page is hidden from assistive
 * technology, and the focus goes back to the photo that opened it. It has a history entry
 * of its own (the same address), so a phone's Back closes the viewer and nothing under
 * it; pinching zooms the photo.
 */
export function PhotoViewer(props: { title: string; photos: ViewerPhoto[]; start: number; labels: PhotoViewerLabels; onClose: () => void }) {
  const { photos, labels } = props;
  const [index, setIndex] = useState(props.start);
  const layer = useRef<HTMLDivElement>(null);
  const count = photos.length;
  const step = (delta: number) => setIndex((i) => (((i + delta) % count) + count) % count);
  const swipe = useSwipe(step);
  const onCloseRef = useRef(props.onClose);
  onCloseRef.current = props.onClose;
  // Close, Escape: as Back does, taking the viewer's entry away.
  const close = useRef(() => {
    if ((window.history.state as Record<string, unknown> | null)?.[VIEWER_STATE]) window.history.back();
    else onCloseRef.current();
  }).current;

  useEffect(() => {
    window.history.pushState({ ...window.history.state, [VIEWER_STATE]: true }, "");
    return handlePopState((event) => {
      if ((event.state as Record<string, unknown> | null)?.[VIEWER_STATE]) return false;
      onCloseRef.current();
      return true;
    });
  }, []);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    layer.current?.querySelector<HTMLElement>("[data-viewer-close]")?.focus();
    const showOthers = layer.current ? suppressOthers(layer.current) : () => undefined;
    // On the window, before any dialog's listener on the document: Escape, Tab and the
    // arrows are this viewer's alone while it is open.
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Tab") {
        const buttons = [...(layer.current?.querySelectorAll<HTMLElement>("button") ?? [])];
        const at = buttons.indexOf(document.activeElement as HTMLElement);
        const next = at < 0 ? (event.shiftKey ? buttons.length - 1 : 0) : (at + (event.shiftKey ? -1 : 1) + buttons.length) % buttons.length;
        buttons[next]?.focus();
      } else if (event.key === "Escape") close();
      else if (event.key === "ArrowLeft" || event.key === "ArrowRight") setIndex((i) => (((i + (event.key === "ArrowLeft" ? -1 : 1)) % count) + count) % count);
      else return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener("keydown", onKey, { capture: true });
    return () => {
      window.removeEventListener("keydown", onKey, { capture: true });
      showOthers();
      document.body.style.overflow = overflow;
      opener?.focus?.();
    };
  }, [count, close]);

  const photo = photos[index] ?? photos[0];
  return createPortal(
    <div ref={layer} role="dialog" aria-modal="true" aria-label={props.title} className="fixed inset-0 z-[70] flex flex-col bg-slate-950 text-white">
      <div className="flex items-center justify-between gap-3 px-3 py-2">
        <p aria-live="polite" className="min-w-0 text-sm font-semibold">
          {labels.position(index + 1, count)}
        </p>
        <button
          type="button"
          data-viewer-close
          onClick={close}
          className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-white/10 hover:bg-white/20"
        >
          <Icon name="close" className="h-6 w-6" />
          <span className="sr-only">{labels.close}</span>
        </button>
      </div>
      <div className="relative min-h-0 flex-1 touch-pan-y touch-pinch-zoom select-none" {...swipe}>
        <SafeImage key={photo.src} src={photo.src} alt={photo.alt} width={2560} height={1707} sizes="100vw" draggable={false} className="h-full w-full object-contain" />
        {count > 1 ? (
          <>
            <ViewerArrow side="left" label={labels.previous} onClick={() => step(-1)} />
            <ViewerArrow side="right" label={labels.next} onClick={() => step(1)} />
          </>
        ) : null}
      </div>
    </div>,
    document.body,
  );
}

function ViewerArrow({ side, label, onClick }: { side: "left" | "right"; label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className={`absolute top-1/2 -translate-y-1/2 ${side === "left" ? "left-2" : "right-2"} inline-flex h-12 w-12 items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/80`}
    >
      <Icon name={side === "left" ? "chevron-left" : "chevron-right"} className="h-6 w-6 stroke-[2.5]" />
    </button>
  );
}
