import type { InputHTMLAttributes } from "react";

/**
 * An on/off switch that is a checkbox with the switch role: it posts without JavaScript
 * (off sends nothing) and keyboards and screen readers treat it as a switch. The knob is
 * a sibling drawn from the checkbox's state (a ::before on an input does not render in
 * every browser).
 */
export function SwitchInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "role" | "className">) {
  return (
    <span className="relative inline-flex h-6 w-11 shrink-0">
      <input
        {...props}
        type="checkbox"
        role="switch"
        className="peer h-6 w-11 cursor-pointer appearance-none rounded-full bg-slate-500 transition-colors checked:bg-brand-700"
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute left-0.5 top-0.5 h-5 w-5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5"
      />
    </span>
  );
}
