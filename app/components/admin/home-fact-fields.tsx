import { getInputProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { FieldError, Label, SelectField, TextField, type Field } from "~/components/admin/form-fields";
import {
  HOME_TYPE_LABELS,
  LISTING_TYPE_LABELS,
  PET_LABELS,
  PRICE_PERIOD_LABELS,
  STATUS_LABELS,
  UTILITY_LABELS,
} from "~/components/admin/home-fact-labels";
import { FIELD_CLASS } from "~/components/ui/control-styles";
import { FACT_LIMITS, HOME_STATUSES, UTILITIES, type HomeFactName } from "~/models/home-facts";
import type { PriceReading } from "~/models/price";
import { utilityField } from "~/models/home-facts-form";

/**
 * The property form's facts (home-facts.ts), in the groups staff think in: what it
 * costs, what the home is, where it is, and when it can be had. Numbers the seed's texts
 * already name (price, rooms, square feet) may stay blank: they are read from the texts.
 */

/** The form's fact fields: each fact but the utilities, and a box for each utility. */
export type FactFields = Record<Exclude<HomeFactName, "utilitiesIncluded"> | ReturnType<typeof utilityField>, Field>;

const entries = <Value extends string>(labels: Record<Value, string>) => Object.entries(labels) as [Value, string][];

/** A titled group of the form, two columns wide from small screens up. */
export function FormGroup(props: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 border-t border-slate-200 pt-4 sm:col-span-2 sm:grid-cols-2">
      <legend className="text-base font-semibold text-slate-900">{props.title}</legend>
      {props.children}
    </fieldset>
  );
}

function Wide(props: { children: ReactNode }) {
  return <div className="sm:col-span-2">{props.children}</div>;
}

function describeReading(reading: PriceReading | null): string {
  if (!reading) return "the price text names no amount";
  const amount = `$${reading.amount.toLocaleString("en-US")}`;
  return reading.kind === "rent" ? `${amount} a month` : `${amount} in total`;
}

function CheckboxField(props: { field: Field; label: string }) {
  const { key, ...inputProps } = getInputProps(props.field, { type: "checkbox" });
  return (
    <div className="flex items-center gap-3 sm:col-span-2">
      <input key={key} {...inputProps} className="h-6 w-6 shrink-0 rounded border-slate-500" />
      <label htmlFor={props.field.id} className="text-sm text-slate-800">
        {props.label}
      </label>
      <FieldError field={props.field} />
    </div>
  );
}

function UtilitiesField(props: { facts: FactFields }) {
  return (
    <fieldset className="sm:col-span-2">
      <legend className="text-sm font-medium text-slate-800">Utilities included</legend>
      <div className="mt-1 flex flex-wrap gap-x-5 gap-y-2">
        {UTILITIES.map((utility) => {
          const { key, ...boxProps } = getInputProps(props.facts[utilityField(utility)], { type: "checkbox" });
          return (
            <label key={key} className="flex items-center gap-2 text-sm text-slate-800">
              <input {...boxProps} className="h-6 w-6 shrink-0 rounded border-slate-500" />
              {UTILITY_LABELS[utility]}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** The price's amount and period, the other costs and the utilities. */
export function CostFacts(props: { facts: FactFields; reading: PriceReading | null }) {
  const { facts, reading } = props;
  return (
    <>
      <SelectField field={facts.listingType} label="Listing type" blank={reading ? `Read from the price (${reading.kind === "rent" ? "for rent" : "for sale"})` : "Not said"} options={entries(LISTING_TYPE_LABELS)} />
      <TextField
        field={facts.priceAmount}
        label="Price amount"
        maxLength={20}
        inputMode="decimal"
        placeholder={reading ? String(reading.amount) : "1150"}
        hint={`Whole dollars, for search, sorting and the monthly total. Leave blank to read it from the price: ${describeReading(reading)}.`}
      />
      <SelectField
        field={facts.pricePeriod}
        label="Price period"
        blank={`Read from the price${reading ? ` (${reading.kind === "rent" ? "a month" : "in total"})` : ""}`}
        options={entries(PRICE_PERIOD_LABELS)}
      />
      <TextField field={facts.depositAmount} label="Deposit" maxLength={20} inputMode="decimal" placeholder="500" hint="Whole dollars, due at move-in" />
      <TextField field={facts.applicationFee} label="Application fee" maxLength={20} inputMode="decimal" placeholder="35" hint="Whole dollars, due when applying" />
      <TextField field={facts.lotRentMonthly} label="Lot rent a month" maxLength={20} inputMode="decimal" placeholder="0" hint="Whole dollars; 0 when the price includes it" />
      <TextField field={facts.lotRentIncludes} label="What lot rent includes" maxLength={FACT_LIMITS.note} placeholder="Water, sewer and trash" />
      <TextField field={facts.lotRentIncludesSpanish} label="What lot rent includes (Spanish)" maxLength={FACT_LIMITS.note} placeholder="Agua, drenaje y basura" />
      <TextField field={facts.otherMonthlyFees} label="Other monthly fees" maxLength={20} inputMode="decimal" placeholder="15" hint="Whole dollars a month, all together" />
      <TextField field={facts.otherMonthlyFeesNote} label="What the other fees are" maxLength={FACT_LIMITS.note} placeholder="Trash pickup" />
      <TextField field={facts.otherMonthlyFeesNoteSpanish} label="What the other fees are (Spanish)" maxLength={FACT_LIMITS.note} placeholder="Recolección de basura" />
      <UtilitiesField facts={facts} />
    </>
  );
}

/** The home itself: rooms and size as numbers, its type and make, and its pets rule. */
export function HomeFacts(props: { facts: FactFields; readings: { beds: number | null; baths: number | null; squareFeet: number | null } }) {
  const { facts, readings } = props;
  const readHint = (what: string, value: number | null) => `Leave blank to read it from ${what}${value === null ? " (it names no number)" : `: ${value}`}.`;
  return (
    <>
      <div className="grid gap-4 sm:col-span-2 sm:grid-cols-3">
        <TextField field={facts.bedrooms} label="Bedrooms (number)" maxLength={4} inputMode="decimal" hint={`0 for a studio. ${readHint("Beds", readings.beds)}`} />
        <TextField field={facts.bathrooms} label="Bathrooms (number)" maxLength={4} inputMode="decimal" hint={`1, 1.5, 2... ${readHint("Baths", readings.baths)}`} />
        <TextField field={facts.squareFeet} label="Square feet (number)" maxLength={8} inputMode="decimal" hint={readHint("Square Feet", readings.squareFeet)} />
      </div>
      <SelectField field={facts.homeType} label="Home type" blank="Not said" options={entries(HOME_TYPE_LABELS)} />
      <TextField field={facts.yearBuilt} label="Year built" maxLength={4} inputMode="decimal" placeholder="2018" />
      <TextField field={facts.make} label="Make" maxLength={FACT_LIMITS.name} placeholder="Clayton" />
      <TextField field={facts.model} label="Model" maxLength={FACT_LIMITS.name} placeholder="The Anniversary" />
      <SelectField field={facts.pets} label="Pets" blank="Not said" options={entries(PET_LABELS)} />
      <TextField field={facts.petsNote} label="Pet limits and fees" maxLength={FACT_LIMITS.note} placeholder="Up to 2 pets, $25 a month each" />
      <Wide>
        <TextField field={facts.petsNoteSpanish} label="Pet limits and fees (Spanish)" maxLength={FACT_LIMITS.note} placeholder="Hasta 2 mascotas, $25 al mes cada una" />
      </Wide>
    </>
  );
}

/** Where the home is beyond its town: its community, its street address, a tour. */
export function CommunityFacts(props: { facts: FactFields }) {
  const { facts } = props;
  return (
    <>
      <TextField field={facts.community} label="Community" maxLength={FACT_LIMITS.community} placeholder="Oak Hollow Community" />
      <SelectField field={facts.seniorCommunity} label="55+ community" blank="Not said" options={[["true", "Yes, 55 and over"], ["false", "No"]]} />
      <Wide>
        <TextField field={facts.streetAddress} label="Street address" maxLength={FACT_LIMITS.streetAddress} placeholder="1400 Oak Hollow Dr, Lot 14" hint="The lot or street address visitors drive to" />
      </Wide>
      <CheckboxField field={facts.streetAddressPublic} label="Show the street address on the public site" />
      <Wide>
        <TextField field={facts.tourUrl} label="Tour URL" maxLength={FACT_LIMITS.url} inputMode="url" placeholder="https://" hint="An https video or 3D tour" />
      </Wide>
    </>
  );
}

/** Where the home is in its life, and when it can be moved into. */
export function AvailabilityFacts(props: { facts: FactFields }) {
  const { facts } = props;
  const { key, ...dateProps } = getInputProps(facts.availableOn, { type: "date" });
  return (
    <>
      <SelectField
        field={facts.status}
        label="Status"
        options={HOME_STATUSES.map((status) => [status, STATUS_LABELS[status]])}
        hint="Available, coming soon and application pending are shown on the public site"
      />
      <div>
        <Label field={facts.availableOn}>Available on</Label>
        <input key={key} {...dateProps} className={`${FIELD_CLASS} h-11`} />
        <FieldError field={facts.availableOn} />
      </div>
    </>
  );
}
