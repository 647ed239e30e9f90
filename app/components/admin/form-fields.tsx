import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { FIELD_CLASS } from "~/components/ui/control-styles";
import { PROPERTY_LIMITS } from "~/models/property-form";

/**
 * The labelled fields of the back office's larger forms (a home's), each with its hint
 * and its error under it, tied to conform's field metadata.
 */

export type Field = FieldMetadata<string | number | boolean | null | undefined>;

export function FieldError({ field }: { field: Field }) {
  return field.errors?.[0] ? (
    <p id={field.errorId} className="mt-1 text-sm text-red-700">
      {field.errors[0]}
    </p>
  ) : null;
}

export function Label({ field, children }: { field: Field; children: string }) {
  return (
    <label htmlFor={field.id} className="block text-sm font-medium text-slate-800">
      {children}
    </label>
  );
}

/** A field's hint under it, read with the field (aria-describedby). */
function Hint(props: { id: string; text?: string }) {
  return props.text ? (
    <p id={props.id} className="mt-1 text-xs text-slate-500">
      {props.text}
    </p>
  ) : null;
}

/** What describes a field: conform's error, then the hint. */
const describedBy = (error: string | undefined, hint: string | undefined, hintId: string) => [error, hint ? hintId : undefined].filter(Boolean).join(" ") || undefined;

export function TextField(props: { field: Field; label: string; maxLength: number; required?: boolean; inputMode?: "decimal" | "url"; placeholder?: string; hint?: string }) {
  const { key, ...inputProps } = getInputProps(props.field, { type: "text" });
  const hintId = `${props.field.id}-hint`;
  return (
    <div>
      <Label field={props.field}>{props.label}</Label>
      <input
        key={key}
        {...inputProps}
        // The schema has the last word; the browser only stops runaway typing.
        maxLength={props.maxLength}
        required={props.required}
        inputMode={props.inputMode}
        placeholder={props.placeholder}
        aria-describedby={describedBy(inputProps["aria-describedby"], props.hint, hintId)}
        autoComplete="off"
        className={`${FIELD_CLASS} h-11`}
      />
      <Hint id={hintId} text={props.hint} />
      <FieldError field={props.field} />
    </div>
  );
}

export function TextAreaField(props: { field: Field; label: string; required?: boolean; maxLength?: number; rows?: number }) {
  const { key, ...textareaProps } = getTextareaProps(props.field);
  return (
    <div className="sm:col-span-2">
      <Label field={props.field}>{props.label}</Label>
      <textarea key={key} {...textareaProps} required={props.required} maxLength={props.maxLength ?? PROPERTY_LIMITS.description} rows={props.rows ?? 4} className={FIELD_CLASS} />
      <FieldError field={props.field} />
    </div>
  );
}

/** A choice from a fixed list; the blank first option says what choosing nothing means. */
export function SelectField(props: { field: Field; label: string; blank?: string; options: [string, string][]; hint?: string }) {
  const { key, ...selectProps } = getSelectProps(props.field);
  const hintId = `${props.field.id}-hint`;
  return (
    <div>
      <Label field={props.field}>{props.label}</Label>
      <select
        key={key}
        {...selectProps}
        aria-describedby={describedBy(selectProps["aria-describedby"], props.hint, hintId)}
        className={`${FIELD_CLASS} h-11`}
      >
        {props.blank === undefined ? null : <option value="">{props.blank}</option>}
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      <Hint id={hintId} text={props.hint} />
      <FieldError field={props.field} />
    </div>
  );
}
