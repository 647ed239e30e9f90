import { Link, useFetcher } from "react-router";
import { declineVisitPath } from "~/paths";
import { clashesInWords, CONFIRM_ANYWAY_FIELD, MEETING_NOTE_FIELD, MEETING_NOTE_MAX, OTHER_TIME, type VisitCardItem } from "~/models/visit-decision-form";

const STATUS_STYLES: Record<VisitCardItem["status"], string> = {
  requested: "bg-amber-50 text-amber-900",
  confirmed: "bg-emerald-50 text-emerald-800",
  declined: "bg-slate-100 text-slate-800",
  cancelled: "bg-slate-100 text-slate-800",
};

const STATUS_LABELS: Record<VisitCardItem["status"], string> = { requested: "Visit requested", confirmed: "Visit confirmed", declined: "Visit declined", cancelled: "Visit called off: the home left the market" };

/**
 * A visit request on its message card: the times asked for and the status; while it is
 * requested, the office picks one of the times (or another, typed as Central Time) and
 * confirms, or declines. A form posted to `action`, the tab it is on (a page round trip
 * without JavaScript, a fetcher with it); the visitor's mail goes once, whatever is
 * clicked twice. Decline opens its dialog, which comes back to `from`.
 */
export function VisitPanel({ messageId, visit, action, from }: { messageId: number; visit: VisitCardItem; action: string; from: "visits" | "messages" }) {
  const fetcher = useFetcher({ key: `visit-decision-${messageId}` });
  const busy = fetcher.state !== "idle";
  const legendId = `visit-${messageId}-times`;
  return (
    // A part of its message's card, not a landmark: a page of visit requests would hold many alike.
    <div className="mt-3 rounded-md border border-slate-200 bg-slate-50 p-3">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className={`rounded-full px-3 py-1 text-xs font-semibold ${STATUS_STYLES[visit.status]}`}>
          {visit.cancelledByVisitor ? "Visit cancelled" : STATUS_LABELS[visit.status]}
        </span>
        {visit.confirmed ? <span className="text-slate-800">for {visit.confirmed}</span> : null}
        {visit.decided ? (
          <span className="text-slate-600">
            by <span className="break-all">{visit.decided.by}</span> on {visit.decided.on}
          </span>
        ) : null}
      </p>
      {visit.status !== "requested" ? (
        <div className="mt-2 text-sm text-slate-800">
          {visit.meetingNote ? (
            <p className="mb-1 break-words">
              <span className="font-semibold">Meeting note:</span> {visit.meetingNote}
            </p>
          ) : null}
          <p className="font-semibold">Times asked for (Central Time):</p>
          <ul className="ml-5 list-disc">
            {visit.times.map((time) => (
              <li key={time.value}>{time.label}</li>
            ))}
          </ul>
        </div>
      ) : (
        <fetcher.Form method="post" action={action} preventScrollReset className="mt-2">
          <input type="hidden" name="id" value={messageId} />
          <fieldset aria-describedby={`${legendId}-hint`}>
            <legend id={legendId} className="text-sm font-semibold text-slate-800">
              Times asked for (Central Time)
            </legend>
            <p id={`${legendId}-hint`} className="text-xs text-slate-600">
              Choose the time to confirm, or another time.
            </p>
            <div className="mt-1 grid gap-1">
              {visit.times.map((time, index) => (
                <div key={time.value}>
                  <label className="flex min-h-6 items-center gap-2 text-sm text-slate-800">
                    <input type="radio" name="time" value={time.value} defaultChecked={index === 0} aria-describedby={time.booked.length ? `${legendId}-${index}-booked` : undefined} className="h-4 w-4" />
                    {time.label}
                  </label>
                  {time.booked.length ? (
                    <p id={`${legendId}-${index}-booked`} className="ml-6 text-xs font-medium text-amber-900">
                      Already booked: {clashesInWords(time.booked)}
                    </p>
                  ) : null}
                </div>
              ))}
              <label className="flex min-h-6 items-center gap-2 text-sm text-slate-800">
                <input type="radio" name="time" value={OTHER_TIME} className="h-4 w-4" />
                Another time
              </label>
              <label className="ml-6 block text-sm text-slate-800">
                <span className="block text-xs text-slate-600">Another time (Central Time)</span>
                <input
                  type="datetime-local"
                  name="otherTime"
                  step={900}
                  // With JavaScript, typing a time chooses 'Another time' (without it, the office picks the radio).
                  onChange={(event) => {
                    const other = event.currentTarget.form?.querySelector<HTMLInputElement>(`input[name="time"][value="${OTHER_TIME}"]`);
                    if (other && event.currentTarget.value) other.checked = true;
                  }}
                  className="mt-1 rounded-md border border-slate-500 bg-white px-2 py-1 text-slate-900" />
              </label>
            </div>
          </fieldset>
          <label className="mt-2 block text-sm text-slate-800">
            <span className="block font-semibold">Meeting note (optional)</span>
            <span id={`${legendId}-note-hint`} className="block text-xs text-slate-600">
              Sent to the visitor with the address and the map, e.g. Meet at the community office.
            </span>
            <input
              type="text"
              name={MEETING_NOTE_FIELD}
              maxLength={MEETING_NOTE_MAX}
              aria-describedby={`${legendId}-note-hint`}
              className="mt-1 w-full rounded-md border border-slate-500 bg-white px-2 py-1 text-slate-900"
            />
          </label>
          <label className="mt-2 flex min-h-6 items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" name={CONFIRM_ANYWAY_FIELD} className="h-4 w-4" />
            Confirm anyway, even if another visit is booked at that time
          </label>
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="submit"
              name="intent"
              value="visit-confirm"
              aria-busy={busy}
              className="inline-flex h-9 items-center rounded-md bg-brand-700 px-3 text-sm font-semibold text-white hover:bg-brand-800"
            >
              Confirm visit
            </button>
            {/* Declining asks first (why, a note, the free times to suggest): a dialog with JavaScript, a page without. */}
            <Link
              to={declineVisitPath(messageId, from)}
              preventScrollReset
              className="inline-flex h-9 items-center rounded-md border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-700 hover:bg-slate-100"
            >
              Decline
            </Link>
          </div>
        </fetcher.Form>
      )}
    </div>
  );
}
