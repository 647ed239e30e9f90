import type { ReactNode } from "react";
import { Link } from "react-router";

/** A dashboard tab's card: its heading, the line under it, and actions on the right. */
export function TabPanel(props: { id: string; title: string; description?: string; actions?: ReactNode; toolbar?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={props.id} className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="border-b border-slate-200 p-5">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <h2 id={props.id} className="text-xl font-bold text-brand-900">
              {props.title}
            </h2>
            {props.description ? <p className="mt-1 text-sm text-slate-600">{props.description}</p> : null}
          </div>
          {props.actions}
        </div>
        {props.toolbar}
      </div>
      {props.children}
    </section>
  );
}

/** A tab's main action (Add Property, Upload Image): a link to its dialog's URL, shaped as a button. */
export function TabActionLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} preventScrollReset className="inline-flex h-10 items-center rounded-md bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800">
      {children}
    </Link>
  );
}
