import { getFormProps, useForm } from "@conform-to/react";
import { PropertySpanishWarning, type StoredPropertySpanish } from "~/components/admin/spanish-status";
import { Form, useNavigation } from "react-router";
import { useEffect, useState } from "react";
import { AddressCombobox } from "~/components/admin/address-combobox";
import { MainImageChoices } from "~/components/admin/main-image-field";
import { DialogCancelLink, DialogSubmitButton, RouteDialog } from "~/components/admin/route-dialog";
import { toast } from "~/components/ui/toast";
import { parsePropertyForm, PROPERTY_LIMITS, VISITS_TO_CALL_OFF_FIELD, type PropertyActionData, type PropertyInput } from "~/models/property-form";
import { visitsToCallOffWarning } from "~/models/property-messages";
import { isPublicStatus, listingGaps, SAVE_AS_FIELD, UTILITIES, type HomeFactName, type HomeStatus } from "~/models/home-facts";
import { factsToCheck, ListingGaps } from "~/components/admin/listing-gaps";
import { utilityField } from "~/models/home-facts-form";
import { readListingPrice, readRoomCount, readSquareFeet } from "~/models/price";
import { AvailabilityFacts, CommunityFacts, CostFacts, FormGroup, HomeFacts, type FactFields } from "~/components/admin/home-fact-fields";
import { FIELD_CLASS } from "~/components/ui/control-styles";
import { FieldError, Label, TextAreaField, TextField } from "~/components/admin/form-fields";
import type { MediaImageChoice } from "~/models/media-form";
import { centreNote, type AddressSuggestion } from "~/services/address-search/address-search";


/** What the form starts with: the seed's fields and the facts, as the Edit form or Add shows them. */
export type PropertyFormValues = { [K in Exclude<keyof PropertyInput, "facts">]?: PropertyInput[K] } & { facts?: Partial<Record<HomeFactName, unknown>> };

const textOf = (value: unknown) => (typeof value === "string" ? value : "");

/** The form's fields as conform holds them: text, "on" for a ticked box; each fact a field of its own. */
type PropertyFormShape = Record<string, string | null>;

/** A value as a form holds it: text, "true"/"false" for a yes-or-no choice, "on" for a box that is ticked. */
function asFormValue(value: unknown, name: string): string | null {
  if (typeof value === "boolean") return SELECTED_BOOLEANS.has(name) ? String(value) : value ? "on" : null;
  return value === null || value === undefined ? null : String(value);
}

const SELECTED_BOOLEANS = new Set(["seniorCommunity"]);

function asFormText(values: PropertyFormValues): PropertyFormShape {
  const { facts = {}, ...fields } = values;
  const text: PropertyFormShape = {};
  for (const [name, value] of Object.entries({ ...fields, ...facts })) if (name !== "utilitiesIncluded") text[name] = asFormValue(value, name);
  const utilities = Array.isArray(facts.utilitiesIncluded) ? facts.utilitiesIncluded : [];
  for (const utility of UTILITIES) text[utilityField(utility)] = utilities.includes(utility) ? "on" : null;
  return text;
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
  /** Edit of a home on the public site: one button, "Update"; else "Save as draft" and "Publish". */
  publicHome: boolean;
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
  const pressed = navigation.formData?.get(SAVE_AS_FIELD);
  const [form, fields] = useForm<PropertyFormShape, PropertyInput>({
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
  const facts = fields as unknown as FactFields;
  const reading = readListingPrice(textOf(fields.price.value), textOf(fields.priceSpanish.value));
  const readings = { beds: readRoomCount(textOf(fields.beds.value)), baths: readRoomCount(textOf(fields.baths.value)), squareFeet: readSquareFeet(textOf(fields.sqft.value)) };
  // The town or ZIP code whose centre was chosen last, until staff type coordinates of their own.
  const [chosenCentre, setChosenCentre] = useState<string | null>(null);
  const chooseAddress = (suggestion: AddressSuggestion) => {
    form.update({ name: fields.location.name, value: suggestion.label });
    form.update({ name: fields.latitude.name, value: String(suggestion.latitude) });
    form.update({ name: fields.longitude.name, value: String(suggestion.longitude) });
    setChosenCentre(suggestion.centreOf);
  };
  const centreShown = chosenCentre ? centreNote(chosenCentre) : "";

  return (
    <RouteDialog
      title={props.title}
      backTo={props.backTo}
      footer={
        <>
          <DialogCancelLink to={props.backTo} />
          {props.publicHome ? (
            <DialogSubmitButton form={form.id} pending={pending} disabled={uploading} label="Update" pendingLabel="Updating..." />
          ) : (
            <>
              <DialogSubmitButton
                form={form.id}
                name={SAVE_AS_FIELD}
                value="draft"
                tone="secondary"
                pending={pending && pressed === "draft"}
                disabled={uploading || pending}
                label="Save as draft"
                pendingLabel="Saving..."
              />
              <DialogSubmitButton
                form={form.id}
                name={SAVE_AS_FIELD}
                value="publish"
                pending={pending && pressed === "publish"}
                disabled={uploading || pending}
                label="Publish"
                pendingLabel="Publishing..."
              />
            </>
          )}
        </>
      }
    >
      {/* Multipart: without JavaScript the main image may be uploaded with the form. */}
      <Form
        method="post"
        encType="multipart/form-data"
        action={props.action}
        preventScrollReset
        {...getFormProps(form)}
        // Coordinates typed by hand are the home's own: the centre's note goes.
        onInput={(event) => {
          const name = (event.target as HTMLInputElement).name;
          if (name === fields.latitude.name || name === fields.longitude.name) setChosenCentre(null);
        }}
        className="grid gap-4 sm:grid-cols-2"
      >
        {form.errors?.length ? (
          <div id={form.errorId} role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900 sm:col-span-2">
            {form.errors.map((message) => (
              <p key={message}>{message}</p>
            ))}
          </div>
        ) : null}
        {data?.visitsToCallOff ? (
          <div role="alert" className="rounded-md border border-amber-400 bg-amber-50 px-4 py-3 text-sm text-amber-950 sm:col-span-2">
            <p>{visitsToCallOffWarning(data.visitsToCallOff)}</p>
            <input type="hidden" name={VISITS_TO_CALL_OFF_FIELD} value={data.visitsToCallOff.confirmed + data.visitsToCallOff.requested} />
          </div>
        ) : null}
        <div className="sm:col-span-2">
          <TextField field={fields.name} label="Name" maxLength={PROPERTY_LIMITS.name} required />
        </div>
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
        <FormGroup title="Price and costs">
          <TextField field={fields.price} label="Price" maxLength={PROPERTY_LIMITS.price} required placeholder="$1,150/month" />
          <TextField field={fields.priceSpanish} label="Price (Spanish)" maxLength={PROPERTY_LIMITS.price} placeholder="$1,150 al mes" />
          <CostFacts facts={facts} reading={reading} />
        </FormGroup>
        <FormGroup title="The home">
          <div className="grid gap-4 sm:col-span-2 sm:grid-cols-3">
            <TextField field={fields.beds} label="Beds" maxLength={PROPERTY_LIMITS.count} required placeholder="3, 2+ or Studio" />
            <TextField field={fields.baths} label="Baths" maxLength={PROPERTY_LIMITS.count} required placeholder="2" />
            <TextField field={fields.sqft} label="Square Feet" maxLength={PROPERTY_LIMITS.count} required placeholder="1,200 or 1200-1400" />
          </div>
          <HomeFacts facts={facts} readings={readings} />
          <TextAreaField field={fields.description} label="Description" required />
          <TextAreaField field={fields.descriptionSpanish} label="Description (Spanish)" />
        </FormGroup>
        <FormGroup title="Community">
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
          <div className="sm:col-span-2">
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField field={fields.latitude} label="Latitude" maxLength={32} inputMode="decimal" hint="-90 to 90; leave blank if unknown" />
              <TextField field={fields.longitude} label="Longitude" maxLength={32} inputMode="decimal" hint="-180 to 180; leave blank if unknown" />
            </div>
            {/* Said as it appears: staff who chose a town's centre learn the home is not placed yet. */}
            <p role="status" className={centreShown ? "mt-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950" : undefined}>
              {centreShown}
            </p>
          </div>
          <CommunityFacts facts={facts} />
        </FormGroup>
        <FormGroup title="Availability">
          <AvailabilityFacts facts={facts} />
        </FormGroup>
        <ListingGaps
          gaps={listingGaps({
            hasPhoto: textOf(fields.imageUrl.value).trim() !== "",
            hasSpanish: props.machineTranslation || textOf(fields.descriptionSpanish.value).trim() !== "",
            facts: factsToCheck(facts, reading, readings),
          })}
        />
        <PropertySpanishWarning
          id={`${form.id}-spanish`}
          values={{
            isActive: isPublicStatus(facts.status.value as HomeStatus),
            price: fields.price.value,
            priceSpanish: fields.priceSpanish.value,
            description: fields.description.value,
            descriptionSpanish: fields.descriptionSpanish.value,
            lotRentIncludes: facts.lotRentIncludes.value,
            lotRentIncludesSpanish: facts.lotRentIncludesSpanish.value,
            otherMonthlyFeesNote: facts.otherMonthlyFeesNote.value,
            otherMonthlyFeesNoteSpanish: facts.otherMonthlyFeesNoteSpanish.value,
            petsNote: facts.petsNote.value,
            petsNoteSpanish: facts.petsNoteSpanish.value,
          }}
          stored={props.spanishStored ?? null}
          machineTranslation={props.machineTranslation}
        />
      </Form>
    </RouteDialog>
  );
}
