import { useFetcher } from "react-router";
import { FIELD_EDGE } from "~/components/ui/control-styles";
import { CLOSE_REASON_LABELS, CLOSE_REASONS, ENQUIRY_STAGES, STAGE_LABELS, type CloseReason, type EnquiryStage } from "~/models/enquiry-stage";

export type StageCardItem = { value: EnquiryStage; reason: CloseReason | null; text: string };

const SELECT = `h-9 max-w-full rounded-md ${FIELD_EDGE} bg-white px-2 text-sm text-slate-900`;

/**
 * An enquiry's stage and the form that moves it ('Move'): the stage, and why when closed.
 * Posts to the tab (a page round trip without JavaScript, a fetcher with it); a closed
 * stage without a reason comes back with 'Choose why it was closed' and changes nothing.
 */
export function StageForm({ messageId, name, stage, action }: { messageId: number; name: string; stage: StageCardItem; action: string }) {
  const fetcher = useFetcher({ key: `message-stage-${messageId}` });
  const busy = fetcher.state !== "idle";
  const stageId = `stage-${messageId}`;
  const reasonId = `stage-reason-${messageId}`;
  return (
    <fetcher.Form method="post" action={action} preventScrollReset aria-label={`Stage of ${name}`} className="mt-3 flex flex-wrap items-end gap-2 text-sm">
      <input type="hidden" name="id" value={messageId} />
      <input type="hidden" name="intent" value="stage" />
      <p className="w-full text-slate-800">
        <span className="font-semibold">Stage:</span> {stage.text}
      </p>
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={stageId} className="font-medium text-slate-700">
          Move to
        </label>
        <select id={stageId} name="stage" defaultValue={stage.value} key={stage.value} className={SELECT}>
          {ENQUIRY_STAGES.map((value) => (
            <option key={value} value={value}>
              {STAGE_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={reasonId} className="font-medium text-slate-700">
          Reason (when closed)
        </label>
        <select id={reasonId} name="reason" defaultValue={stage.reason ?? ""} key={stage.reason ?? ""} className={SELECT}>
          <option value="">None</option>
          {CLOSE_REASONS.map((value) => (
            <option key={value} value={value}>
              {CLOSE_REASON_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      <button
        type="submit"
        aria-busy={busy}
        className="inline-flex h-9 items-center rounded-md border border-slate-300 px-3 font-semibold text-slate-700 hover:bg-slate-100"
      >
        {busy ? "Moving..." : "Move"}
      </button>
    </fetcher.Form>
  );
}
