import { Fragment, useState } from "react";
import { ErrorText, RequiredMark } from "~/components/ui/public-form-field";
import { useT } from "~/i18n/use-t";
import { VISIT_CHOICES } from "~/models/visit-schema";
import { MAX_VISIT_TIMES } from "~/models/visiting-hours";

export const VISIT_PICKER_FORM_ID = "visit-time-picker";

/** The empty form the picker's controls belong to; never submitted. */
export function VisitPickerOwner() {
  return <form id={VISIT_PICKER_FORM_ID} hidden aria-hidden="true" />;
}

/** A day of the picker; `booked`: its hours already taken by a confirmed visit. */
export type VisitDayOption = { value: string; label: string; short: string; booked: string[] };
export type VisitHourOption = { value: string; label: string };
export type VisitChoice = { day: string; hour: string };

// A chip is a label around a visually hidden native radio or checkbox: the browser keeps
// the keyboard (arrows between days, Space on a time) and what screen readers announce;
// the chip shows the state and, through :has, the keyboard's ring.
const CHIP =
  "relative flex min-h-11 cursor-pointer items-center justify-center rounded-md border border-slate-500 bg-white px-1 text-center text-sm leading-tight text-slate-900 hover:bg-brand-50 " +
  "has-[:checked]:border-brand-700 has-[:checked]:bg-brand-700 has-[:checked]:font-semibold has-[:checked]:text-white " +
  "has-[:disabled]:cursor-not-allowed has-[:disabled]:border-slate-300 has-[:disabled]:bg-slate-100 has-[:disabled]:text-slate-700 " +
  "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-900";

/**
 * The preferred times with JavaScript: one compact date-then-time picker instead of three
 * pairs of selects. The visitor picks a day, ticks up to three times (on one day or
 * several), and sees the times chosen, each with Remove. What it posts is what the
 * selects post (day1/hour1 ... day3/hour3, in the order chosen), so the server checks
 * both alike. The picker's own controls belong to an empty form of their own (`form=`,
 * VisitPickerOwner, outside the visit form: forms do not nest), so they are never sent.
 */
export function VisitTimePicker(props: { days: VisitDayOption[]; hours: VisitHourOption[]; initial: VisitChoice[]; errorKey: string | undefined; errorId: string }) {
  const { days, hours } = props;
  const { t } = useT();
  const pickerForm = VISIT_PICKER_FORM_ID;
  const [chosen, setChosen] = useState<VisitChoice[]>(() =>
    props.initial.filter((choice) => days.some((day) => day.value === choice.day) && hours.some((hour) => hour.value === choice.hour)).slice(0, MAX_VISIT_TIMES),
  );
  const [day, setDay] = useState(() => chosen[0]?.day ?? days[0]?.value ?? "");
  const full = chosen.length >= MAX_VISIT_TIMES;
  const dayOption = days.find((option) => option.value === day);
  const isChosen = (choiceDay: string, hour: string) => chosen.some((choice) => choice.day === choiceDay && choice.hour === hour);
  const timeLabel = (choice: VisitChoice) =>
    `${days.find((option) => option.value === choice.day)?.label ?? choice.day}, ${hours.find((option) => option.value === choice.hour)?.label ?? choice.hour}`;

  const toggle = (hour: string) =>
    setChosen((current) =>
      current.some((choice) => choice.day === day && choice.hour === hour)
        ? current.filter((choice) => !(choice.day === day && choice.hour === hour))
        : current.length >= MAX_VISIT_TIMES
          ? current
          : [...current, { day, hour }],
    );

  return (
    <fieldset className="sm:col-span-2" aria-describedby={props.errorKey ? props.errorId : undefined}>
      <legend className="text-base font-semibold text-brand-900">
        {t("visit.form.times", "Preferred times")}
        <RequiredMark />
      </legend>
      <p className="mt-1 text-sm text-slate-700">{t("visit.picker.hint", "Choose a day, then up to three times. You can mix days.")}</p>

      <fieldset className="mt-3">
        <legend className="text-sm font-medium text-slate-800">{t("visit.picker.days", "Day")}</legend>
        <div className="mt-1 grid grid-cols-3 gap-2 sm:grid-cols-6">
          {days.map((option) => {
            const count = chosen.filter((choice) => choice.day === option.value).length;
            return (
              <label key={option.value} className={CHIP}>
                <input type="radio" form={pickerForm} name="visit-picker-day" value={option.value} checked={day === option.value} onChange={() => setDay(option.value)} className="sr-only" />
                <span aria-hidden="true">{option.short}</span>
                <span className="sr-only">{option.label}</span>
                {count > 0 ? (
                  <span aria-hidden="true" className="absolute -right-1 -top-1 rounded-full bg-accent-500 px-1.5 text-xs font-bold text-slate-900">
                    {count}
                  </span>
                ) : null}
              </label>
            );
          })}
        </div>
      </fieldset>

      <fieldset className="mt-4">
        <legend className="text-sm font-medium text-slate-800">{t("visit.picker.times_on", "Times on {{day}}", { day: dayOption?.label ?? day })}</legend>
        <div className="mt-1 grid grid-cols-3 gap-2 sm:grid-cols-4">
          {hours.map((option) => {
            const on = isChosen(day, option.value);
            const booked = !on && Boolean(dayOption?.booked.includes(option.value));
            return (
              <label key={option.value} className={CHIP}>
                <input type="checkbox" form={pickerForm} value={option.value} checked={on} disabled={booked || (!on && full)} onChange={() => toggle(option.value)} className="sr-only" />
                {booked ? (
                  <span className="flex flex-col">
                    <span className="line-through">{option.label}</span>
                    <span className="text-xs">{t("visit.picker.booked", "Booked")}</span>
                  </span>
                ) : (
                  option.label
                )}
              </label>
            );
          })}
        </div>
      </fieldset>

      <div aria-live="polite" className="mt-4 rounded-md border border-slate-200 bg-slate-50 p-3">
        <p id="visit-chosen-times" className="text-sm font-medium text-slate-800">{t("visit.picker.chosen", "Your times ({{count}} of {{max}})", { count: chosen.length, max: MAX_VISIT_TIMES })}</p>
        {chosen.length === 0 ? (
          <p className="mt-1 text-sm text-slate-700">{t("visit.picker.none", "No time chosen yet.")}</p>
        ) : (
          <ol aria-labelledby="visit-chosen-times" className="mt-2 grid gap-2">
            {chosen.map((choice, index) => (
              <li key={`${choice.day}-${choice.hour}`} className="flex items-center justify-between gap-2 text-sm text-slate-900">
                <span className="min-w-0">
                  {index + 1}. {timeLabel(choice)}
                </span>
                <button
                  type="button"
                  onClick={() => setChosen((current) => current.filter((_, at) => at !== index))}
                  aria-label={t("visit.picker.remove_named", "Remove {{time}}", { time: timeLabel(choice) })}
                  className="inline-flex min-h-11 shrink-0 items-center rounded-md border border-slate-500 bg-white px-3 font-semibold text-slate-800 hover:bg-slate-100"
                >
                  {t("visit.picker.remove", "Remove")}
                </button>
              </li>
            ))}
          </ol>
        )}
        {full ? <p className="mt-2 text-sm text-slate-700">{t("visit.picker.full", "You chose three times. Remove one to choose another.")}</p> : null}
      </div>

      {VISIT_CHOICES.map((fields, index) => (
        <Fragment key={fields.error}>
          <input type="hidden" name={fields.day} value={chosen[index]?.day ?? ""} />
          <input type="hidden" name={fields.hour} value={chosen[index]?.hour ?? ""} />
        </Fragment>
      ))}
      <ErrorText id={props.errorId} errorKey={props.errorKey} />
    </fieldset>
  );
}
