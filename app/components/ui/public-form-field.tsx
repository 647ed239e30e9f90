import { useT } from "~/i18n/use-t";
import { HONEYPOT_FIELD } from "~/models/contact-fields";

/**
 * How the public forms (the contact form, the visit request form) draw a field: its
 * label, its control, the mark of a required one and its error, in one place so both forms look
 * and read alike. The edge is slate-500 (4.8:1 on white), red-700 once refused.
 */

export const PUBLIC_LABEL_CLASS = "public-label";

// tailwind.css: a white field with a dark border, red once it is invalid.
export const PUBLIC_CONTROL_CLASS = "public-control";

/** The red star after a required field's label; the field's own `required` tells screen readers. */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-red-700">
      *
    </span>
  );
}

/** A field's error, a dictionary key said in the page's language; nothing when there is none. */
export function ErrorText({ id, errorKey }: { id: string; errorKey: string | undefined }) {
  const { t } = useT();
  if (!errorKey) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {t(errorKey)}
    </p>
  );
}

/** The honeypot: people never see or reach this field; bots that fill every input do. */
export function HoneypotField({ id }: { id: string }) {
  const { t } = useT();
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={id}>{t("contact.form.honeypot", "Leave this field empty")}</label>
      <input id={id} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
