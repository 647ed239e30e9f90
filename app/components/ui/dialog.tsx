import { suppressOthers } from "aria-hidden";
import { useCallback, useEffect, useId, useRef, type ReactNode } from "react";
import { useFocusCycle } from "~/hooks/use-focus-cycle";
import { useHydrated } from "~/hooks/use-hydrated";
import { useT } from "~/i18n/use-t";
import { Icon } from "~/components/ui/icon";

/**
 * A modal dialog rendered in place (no portal), so the server can render it open for a
 * visitor without JavaScript; its Close is then a plain link to closeHref. With
 * JavaScript it traps focus, closes on Escape, hides the rest of the page from assistive
 * technology while it is open (its landmarks, a carousel of the same home among them,
 * would otherwise be read beside the dialog's) and gives focus back to the opener.
 */
export type DialogProps = {
  open: boolean;
  title: string;
  onClose: () => void;
  closeHref: string;
  children: ReactNode;
  size?: "md" | "lg" | "xl";
  footer?: ReactNode;
};

export function Dialog(props: DialogProps) {
  const { t } = useT();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const layer = useRef<HTMLDivElement>(null);
  const { open } = props;
  // The latest onClose, read when needed: the effect below runs when the dialog opens,
  // not on every render (callers pass a new function each time, and re-running it
  // would pull focus out of a field on every keystroke of a form that re-renders).
  const onCloseRef = useRef(props.onClose);
  onCloseRef.current = props.onClose;
  const onClose = useCallback(() => onCloseRef.current(), []);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    panel.current?.querySelector<HTMLElement>("[data-dialog-close]")?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        onClose();
      }
    };
    document.addEventListener("keydown", onKey);
    // Every element beside the dialog's branch is made inert (aria-hidden where a browser
    // has no inert), and set back as it was on close; the library counts nested dialogs.
    // Inert, not only aria-hidden: hidden links that could still take focus are a fault
    // of their own.
    const showOthers = layer.current ? suppressOthers(layer.current) : () => undefined;
    return () => {
      showOthers();
      document.removeEventListener("keydown", onKey);
      document.body.style.overflow = previousOverflow;
      opener?.focus?.();
    };
  }, [open, onClose]);
  useFocusCycle(panel, open);
  const hydrated = useHydrated();

  if (!open) return null;
  const width = props.size === "xl" ? "max-w-4xl" : props.size === "lg" ? "max-w-3xl" : "max-w-xl";
  const closeClick = (event: React.MouseEvent) => {
    event.preventDefault();
    onClose();
  };

  return (
    // Without JavaScript nothing keeps the focus in the dialog: the page behind it is
    // hidden instead (tailwind.css), out of Tab's reach.
    <div ref={layer} data-modal-without-script={hydrated ? undefined : ""} className="fixed inset-0 z-50 flex items-end justify-center p-0 sm:items-center sm:p-4">
      <a href={props.closeHref} onClick={closeClick} tabIndex={-1} aria-hidden="true" className="absolute inset-0 bg-slate-900/60" />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        // The panel itself scrolls, title and buttons held in view: a scrolling part
        // inside it without a control would be out of a keyboard's reach (Safari scrolls
        // only what holds the focus). Its scroll padding keeps what Tab scrolls to clear
        // of the sticky title and buttons.
        className={`relative max-h-[92vh] w-full ${width} scroll-pt-24 overflow-y-auto overscroll-contain rounded-t-xl bg-white shadow-2xl sm:rounded-xl ${props.footer ? "scroll-pb-36" : ""}`}
      >
        <div className="sticky top-0 z-10 flex items-start justify-between gap-4 border-b border-slate-200 bg-white px-5 py-4">
          <h2 id={titleId} className="text-xl font-bold text-brand-900">
            {props.title}
          </h2>
          <a
            href={props.closeHref}
            onClick={closeClick}
            role="button"
            data-dialog-close
            className="-m-1 inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100"
          >
            <Icon name="close" className="h-5 w-5" />
            <span className="sr-only">{t("dialog.close", "Close")}</span>
          </a>
        </div>
        <div className="px-5 py-5">{props.children}</div>
        {props.footer ? <div className="sticky bottom-0 z-10 flex flex-wrap justify-end gap-3 border-t border-slate-200 bg-white px-5 py-4">{props.footer}</div> : null}
      </div>
    </div>
  );
}
