import { Link, useNavigate } from "@remix-run/react";
import type { ReactNode } from "react";
import { Dialog } from "~/components/ui/dialog";

/**
 * A dialog that is a route of its own (/admin/dashboard/admins/new): with JavaScript it
 * opens over the tab and closing it goes back to the tab's URL; without JavaScript the
 * server renders the same URL as the tab with the dialog open, and Close is a link.
 */
export function RouteDialog(props: { title: string; backTo: string; children: ReactNode; footer?: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Dialog
      open
      title={props.title}
      closeHref={props.backTo}
      onClose={() => navigate(props.backTo, { preventScrollReset: true })}
      footer={props.footer}
    >
      {props.children}
    </Dialog>
  );
}

/** A dialog's Cancel: back to the tab, a plain link so it works without JavaScript. */
export function DialogCancelLink({ to }: { to: string }) {
  return (
    <Link
      to={to}
      preventScrollReset
      className="inline-flex h-10 items-center rounded-md border border-slate-300 px-4 font-semibold text-slate-700 hover:bg-slate-100"
    >
      Cancel
    </Link>
  );
}

/** A dialog's main button, outside its form (in the footer) and tied to it by id. */
export function DialogSubmitButton(props: { form: string; pending: boolean; label: string; pendingLabel: string; tone?: "primary" | "danger" }) {
  const colours = props.tone === "danger" ? "bg-red-700 hover:bg-red-800" : "bg-brand-700 hover:bg-brand-800";
  return (
    <button
      type="submit"
      form={props.form}
      disabled={props.pending}
      className={`inline-flex h-10 items-center rounded-md px-4 font-semibold text-white disabled:opacity-70 ${colours}`}
    >
      {props.pending ? props.pendingLabel : props.label}
    </button>
  );
}
