import type { ReactNode } from "react";
import { FIELD_CLASS } from "~/components/ui/control-styles";

/** A setting's whole number (a labelled number field from 1 to `max`), with a hint of its own or one elsewhere (`describedBy`). */
export function WholeNumberField(props: { label: string; name: string; max: number; value: number; describedBy: string; hint?: ReactNode; className?: string }) {
  return (
    <label className={`block text-sm font-medium text-slate-800 ${props.className ?? "max-w-xs"}`}>
      {props.label}
      <input
        type="number"
        name={props.name}
        min={1}
        max={props.max}
        step={1}
        required
        defaultValue={props.value}
        aria-describedby={props.describedBy}
        className={`${FIELD_CLASS} h-11 ${props.hint ? "w-28" : ""}`}
      />
      {props.hint ? (
        <span id={props.describedBy} className="mt-1 block text-xs font-normal text-slate-600">
          {props.hint}
        </span>
      ) : null}
    </label>
  );
}
