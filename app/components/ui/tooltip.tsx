import { useEffect, useId, useRef, useState, type ReactElement } from "react";
import { cloneElement } from "react";

export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

// Moving from one tooltip to the next within the skip delay opens it at once.
let lastClosedAt = 0;

/**
 * A tooltip for one control: opens after 700 ms of hover (at once on keyboard focus, or
 * when another tooltip closed less than 300 ms ago), closes on leave, blur or Escape.
 * Written here rather than taken from a UI kit to keep the first page load small.
 */
export function Tooltip({ content, children }: { content: string; children: ReactElement }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  const close = () => {
    window.clearTimeout(timer.current);
    setOpen((wasOpen) => {
      if (wasOpen) lastClosedAt = Date.now();
      return false;
    });
  };
  const openSoon = () => {
    window.clearTimeout(timer.current);
    const skip = Date.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS;
    if (skip) setOpen(true);
    else timer.current = window.setTimeout(() => setOpen(true), TOOLTIP_OPEN_DELAY_MS);
  };

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && close();
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  return (
    <span className="relative inline-flex" onPointerEnter={openSoon} onPointerLeave={close}>
      {cloneElement(children, {
        "aria-describedby": open ? id : undefined,
        onFocus: () => {
          window.clearTimeout(timer.current);
          setOpen(true);
        },
        onBlur: close,
        onClick: (event: React.MouseEvent) => {
          close();
          children.props.onClick?.(event);
        },
      })}
      {open ? (
        <span
          id={id}
          role="tooltip"
          className="pointer-events-none absolute left-1/2 top-full z-50 mt-2 -translate-x-1/2 whitespace-nowrap rounded-md bg-slate-900 px-2.5 py-1.5 text-xs font-medium text-white shadow-lg"
        >
          {content}
        </span>
      ) : null}
    </span>
  );
}
