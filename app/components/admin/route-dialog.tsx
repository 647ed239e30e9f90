import * as AlertDialog from "@radix-ui/react-alert-dialog";
import * as Dialog from "@radix-ui/react-dialog";
import { Link, useNavigate } from "react-router";
import { useEffect, useId, useState, type ReactNode } from "react";
import { buttonState } from "~/components/ui/control-styles";
import { Icon } from "~/components/ui/icon";

/**
 * A dialog that is a route of its own (/admin/dashboard/admins/new). With JavaScript it
 * is a Radix Dialog (an AlertDialog for a confirmation) over the tab: focus moves in, is
 * trapped, Escape closes it, and closing goes back to the tab's URL and gives focus back
 * to the link that opened it. Without JavaScript the server renders the same URL as the
 * tab with the dialog open (rendered in place, no portal), and Close and Cancel are links.
 *
 * Radix's own Overlay is not used: it locks scrolling by injecting a <style> element,
 * which our CSP (no 'unsafe-inline' styles) refuses; the backdrop below is a plain
 * element (a click on it closes a Dialog, not an AlertDialog) and the scroll lock is set
 * through the CSSOM.
 */
export function RouteDialog(props: {
  title: string;
  backTo: string;
  children: ReactNode;
  footer?: ReactNode;
  /** A confirmation (delete, remove): an AlertDialog, which outside clicks do not close. */
  confirm?: boolean;
  /** The panel's width on larger screens (the FAQ dialogs are 600 px, docs/product.md §2). */
  width?: "md" | "600px";
}) {
  const navigate = useNavigate();
  const titleId = useId();
  const descriptionId = useId();
  // The element that had focus when the route opened (the tab's link), read before Radix
  // moves focus into the dialog.
  const [opener] = useState(() => (typeof document === "undefined" ? null : (document.activeElement as HTMLElement | null)));
  const close = () => navigate(props.backTo, { preventScrollReset: true });

  useEffect(() => {
    const previous = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = previous;
    };
  }, []);

  const Primitive = props.confirm ? AlertDialog : Dialog;
  const width = props.width === "600px" ? "sm:max-w-[600px]" : "sm:max-w-xl";

  return (
    <Primitive.Root open onOpenChange={(open) => (open ? undefined : close())}>
      <div className="fixed inset-0 z-50 flex items-end justify-center p-0 sm:items-center sm:p-4">
        <div aria-hidden="true" className="absolute inset-0 bg-slate-900/60" />
        <Primitive.Content
          // Named here rather than left to Radix, which links the title only once it has
          // run in the browser: without JavaScript the dialog must carry its name too.
          aria-labelledby={titleId}
          aria-describedby={props.confirm ? descriptionId : undefined}
          aria-modal="true"
          onOpenAutoFocus={(event) => {
            // The first field of a form, else Cancel (the safe choice in a confirmation).
            event.preventDefault();
            const panel = event.currentTarget as HTMLElement;
            const target =
              (props.confirm ? null : panel.querySelector<HTMLElement>("input:not([type=hidden]):not([disabled]), textarea, select")) ??
              panel.querySelector<HTMLElement>("[data-dialog-cancel]") ??
              panel.querySelector<HTMLElement>("[data-dialog-close]");
            target?.focus();
          }}
          onEscapeKeyDown={(event) => {
            // Escape in a combobox whose list is open closes the list, not the dialog.
            const target = event.target;
            if (target instanceof HTMLElement && target.getAttribute("role") === "combobox" && target.getAttribute("aria-expanded") === "true") {
              event.preventDefault();
            }
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (opener?.isConnected) opener.focus();
          }}
          className={`relative flex max-h-[92vh] w-full flex-col overflow-hidden rounded-t-xl bg-white shadow-2xl sm:rounded-xl ${width}`}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
            <Primitive.Title id={titleId} className="text-xl font-bold text-brand-900">{props.title}</Primitive.Title>
            <Link
              to={props.backTo}
              preventScrollReset
              data-dialog-close
              className="-m-1 inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100"
            >
              <Icon name="close" className="h-5 w-5" />
              <span className="sr-only">Close</span>
            </Link>
          </div>
          <div id={descriptionId} className="overflow-y-auto px-5 py-5">
            {props.children}
          </div>
          {props.footer ? <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 px-5 py-4">{props.footer}</div> : null}
        </Primitive.Content>
      </div>
    </Primitive.Root>
  );
}

/** A dialog's Cancel (or Done): back to the tab, a plain link so it works without JavaScript. */
export function DialogCancelLink({ to, label = "Cancel" }: { to: string; label?: "Cancel" | "Done" }) {
  return (
    <Link
      to={to}
      preventScrollReset
      data-dialog-cancel
      className="inline-flex h-10 items-center rounded-md border border-slate-300 px-4 font-semibold text-slate-700 hover:bg-slate-100"
    >
      {label}
    </Link>
  );
}

/** A dialog's main button, outside its form (in the footer) and tied to it by id. */
export function DialogSubmitButton(props: {
  form: string;
  pending: boolean;
  label: string;
  pendingLabel: string;
  tone?: "primary" | "danger" | "secondary";
  /** Not ready to submit yet (nothing chosen); pending disables it too. */
  disabled?: boolean;
  /** What the button posts when it is the one pressed (one of a form's several buttons). */
  name?: string;
  value?: string;
}) {
  const colours =
    props.tone === "danger"
      ? "bg-red-700 text-white hover:bg-red-800"
      : props.tone === "secondary"
        ? "border border-brand-700 bg-white text-brand-800 hover:bg-brand-50"
        : "bg-brand-700 text-white hover:bg-brand-800";
  return (
    <button
      type="submit"
      form={props.form}
      name={props.name}
      value={props.value}
      disabled={props.pending || props.disabled}
      aria-busy={props.pending || undefined}
      className={`inline-flex h-10 items-center rounded-md px-4 font-semibold ${colours} ${buttonState(props.pending)}`}
    >
      {props.pending ? props.pendingLabel : props.label}
    </button>
  );
}
