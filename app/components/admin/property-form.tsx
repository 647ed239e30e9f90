import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type FieldMetadata } from "@conform-to/react";
import { PropertySpanishWarning, type StoredPropertySpanish } from "~/components/admin/spanish-status";
import { Form, useNavigation } from "react-router";
import { useEffect, useState } from "react";
import { AddressCombobox } from "~/components/admin/address-combobox";
import { MainImageChoices } from "~/components/admin/main-image-field";
import { DialogCancelLink, DialogSubmitButton, RouteDialog } from "~/components/admin/route-dialog";
import { toast } from "~/components/ui/toast";
import { parsePropertyForm, PROPERTY_LIMITS, type PropertyActionData, type PropertyInput } from "~/models/property-form";
import { readListingPrice, type PriceReading } from "~/models/price";
import { SwitchInput } from "~/components/ui/switch";
import { FIELD_CLASS } from "~/components/ui/control-styles";
import type { MediaImageChoice } from "~/models/media-form";
import type { AddressSuggestion } from "~/services/address-search/address-search";


export type PropertyFormValues = { [K in keyof PropertyInput]?: PropertyInput[K] };

/** The values as a form holds them: text, and "on" for a switch that is on. */
function asFormText(values: PropertyFormValues): Record<string, string | null> {
  const text: Record<string, string | null> = {};
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === "boolean") text[name] = value ? "on" : null;
    else text[name] = value === null || value === undefined ? null : String(value);
  }
  return text;
}

type Field = FieldMetadata<string | number | boolean | null | undefined>;

function FieldError({ field }: { field: Field }) {
  return field.errors?.[0] ? (
    <p id={field.errorId} className="mt-1 text-sm text-red-700">
      {field.errors[0]}
    </p>
  ) : null;
}

function Label({ field, children }: { field: Field; children: string }) {
  return (
    <label htmlFor={field.id} className="block text-sm font-medium text-slate-800">
      {children}
    </label>
  );
}

function TextField(props: { field: Field; label: string; maxLength: number; required?: boolean; inputMode?: "decimal" | "url"; placeholder?: string; hint?: string }) {
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
        aria-describedby={[inputProps["aria-describedby"], props.hint ? hintId : undefined].filter(Boolean).join(" ") || undefined}
        autoComplete="off"
        className={`${FIELD_CLASS} h-11`}
      />
      {props.hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {props.hint}
        </p>
      ) : null}
      <FieldError field={props.field} />
    </div>
  );
}

function TextAreaField(props: { field: Field; label: string; required?: boolean }) {
  const { key, ...textareaProps } = getTextareaProps(props.field);
  return (
    <div className="sm:col-span-2">
      <Label field={props.field}>{props.label}</Label>
      <textarea key={key} {...textareaProps} required={props.required} maxLength={PROPERTY_LIMITS.description} rows={4} className={FIELD_CLASS} />
      <FieldError field={props.field} />
    </div>
  );
}

function describeReading(reading: PriceReading | null): string {
  if (!reading) return "the price text names no amount";
  const amount = `$${reading.amount.toLocaleString("en-US")}`;
  return reading.kind === "rent" ? `${amount} a month (rent)` : `${amount} (sale)`;
}

/**
 * The amount and kind filters and sorting use. Blank follows the price text (its
 * reading is shown as the admin types, with JavaScript); a value corrects a wrong or
 * missing reading.
 */
function PriceReadingFields(props: { amount: Field; kind: Field; price: unknown; priceSpanish: unknown }) {
  const reading = readListingPrice(typeof props.price === "string" ? props.price : "", typeof props.priceSpanish === "string" ? props.priceSpanish : "");
  const { key: kindKey, ...kindProps } = getSelectProps(props.kind);
  return (
    <>
      <TextField
        field={props.amount}
        label="Price amount"
        maxLength={20}
        inputMode="decimal"
        placeholder={reading ? String(reading.amount) : "1150"}
        hint={`In dollars, for search and sorting. Leave blank to read it from the price: ${describeReading(reading)}.`}
      />
      <div>
        <Label field={props.kind}>Price kind</Label>
        <select key={kindKey} {...kindProps} className={`${FIELD_CLASS} h-11`}>
          <option value="">Read from the price{reading ? ` (${reading.kind === "rent" ? "rent per month" : "sale"})` : ""}</option>
          <option value="rent">Rent per month</option>
          <option value="sale">Sale</option>
        </select>
        <FieldError field={props.kind} />
      </div>
    </>
  );
}

/**
 * The Add Property and Edit Property dialogs: every field of a property, checked by
 * the one schema in the browser (with JavaScript) and by the action (always); a
 * refused form comes back with each message next to its field and nothing saved.
 */
export function PropertyFormDialog(props: {
  title: string;
  formId: string;
  action: string;
  backTo: string;
  defaultValue: PropertyFormValues;
  data: PropertyActionData | undefined;
  submitLabel: string;
  pendingLabel: string;
  /** The media library's newest images, offered as the main image. */
  imageChoices: MediaImageChoice[];
  /** The home's Spanish as stored (Edit), to tell what this save leaves to do. */
  spanishStored?: StoredPropertySpanish;
  /** Whether blank Spanish is translated on save (TRANSLATE_URL is set). */
  machineTranslation: boolean;
}) {
  const navigation = useNavigation();
  const [uploading, setUploading] = useState(false);
  const pending = navigation.state === "submitting" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: props.formId,
    lastResult: props.data?.result,
    defaultValue: asFormText(props.defaultValue),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parsePropertyForm(formData),
  });
  const { data } = props;
  // The server refused it: with JavaScript that is also said in a toast.
  useEffect(() => {
    if (data?.error) toast({ title: "Error", description: data.error, variant: "destructive" });
  }, [data]);
  const { key: activeKey, ...activeProps } = getInputProps(fields.isActive, { type: "checkbox" });
  const chooseAddress = (suggestion: AddressSuggestion) => {
    form.update({ name: fields.location.name, value: suggestion.label });
    form.update({ name: fields.latitude.name, value: String(suggestion.latitude) });
    form.update({ name: fields.longitude.name, value: String(suggestion.longitude) });
  };

  return (
    <RouteDialog
      title={props.title}
      backTo={props.backTo}
      footer={
        <>
          <DialogCancelLink to={props.backTo} />
          <DialogSubmitButton form={form.id} pending={pending} disabled={uploading} label={props.submitLabel} pendingLabel={props.pendingLabel} />
        </>
      }
    >
      {/* Multipart: without JavaScript the main image may be uploaded with the form. */}
      <Form method="post" encType="multipart/form-data" action={props.action} preventScrollReset {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
        {form.errors?.length ? (
          <div id={form.errorId} role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900 sm:col-span-2">
            {form.errors.map((message) => (
              <p key={message}>{message}</p>
            ))}
          </div>
        ) : null}
        <div className="sm:col-span-2">
          <TextField field={fields.name} label="Name" maxLength={PROPERTY_LIMITS.name} required />
        </div>
        <div className="sm:col-span-2">
          <Label field={fields.location}>Location</Label>
          <AddressCombobox
            field={fields.location}
            className={`${FIELD_CLASS} h-11`}
            maxLength={PROPERTY_LIMITS.location}
            placeholder="City, TX 75001"
            found={data?.addressSearch}
            onChoose={chooseAddress}
          />
          <FieldError field={fields.location} />
        </div>
        <TextField field={fields.latitude} label="Latitude" maxLength={32} inputMode="decimal" hint="-90 to 90; leave blank if unknown" />
        <TextField field={fields.longitude} label="Longitude" maxLength={32} inputMode="decimal" hint="-180 to 180; leave blank if unknown" />
        <TextField field={fields.price} label="Price" maxLength={PROPERTY_LIMITS.price} required placeholder="$1,150/month" />
        <TextField field={fields.priceSpanish} label="Price (Spanish)" maxLength={PROPERTY_LIMITS.price} placeholder="$1,150 al mes" />
        <PriceReadingFields amount={fields.priceAmount} kind={fields.priceKind} price={fields.price.value} priceSpanish={fields.priceSpanish.value} />
        <div className="sm:col-span-2">
          <TextField
            field={fields.imageUrl}
            label="Image URL"
            maxLength={PROPERTY_LIMITS.url}
            required
            inputMode="url"
            hint="A path on this site (/objects/...) or an http(s) address; an image chosen or uploaded below replaces it"
          />
        </div>
        <MainImageChoices
          current={typeof fields.imageUrl.value === "string" ? fields.imageUrl.value : ""}
          setImage={(value) => form.update({ name: fields.imageUrl.name, value })}
          choices={props.imageChoices}
          onUploadingChange={setUploading}
        />
        <div className="sm:col-span-2">
          <TextField field={fields.applicationUrl} label="Application URL" maxLength={PROPERTY_LIMITS.url} inputMode="url" placeholder="https://" />
        </div>
        <div className="grid gap-4 sm:col-span-2 sm:grid-cols-3">
          <TextField field={fields.beds} label="Beds" maxLength={PROPERTY_LIMITS.count} required placeholder="3, 2+ or Studio" />
          <TextField field={fields.baths} label="Baths" maxLength={PROPERTY_LIMITS.count} required placeholder="2" />
          <TextField field={fields.sqft} label="Square Feet" maxLength={PROPERTY_LIMITS.count} required placeholder="1,200 or 1200-1400" />
        </div>
        <TextAreaField field={fields.description} label="Description" required />
        <TextAreaField field={fields.descriptionSpanish} label="Description (Spanish)" />
        <div className="flex items-center gap-3 sm:col-span-2">
          <SwitchInput key={activeKey} {...activeProps} />
          <label htmlFor={fields.isActive.id} className="text-sm font-medium text-slate-800">
            Active Listing
          </label>
          <FieldError field={fields.isActive} />
        </div>
        <PropertySpanishWarning
          id={`${form.id}-spanish`}
          values={{
            isActive: fields.isActive.value,
            price: fields.price.value,
            priceSpanish: fields.priceSpanish.value,
            description: fields.description.value,
            descriptionSpanish: fields.descriptionSpanish.value,
          }}
          stored={props.spanishStored ?? null}
          machineTranslation={props.machineTranslation}
        />
      </Form>
    </RouteDialog>
  );
}
