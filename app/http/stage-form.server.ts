import type { FlashToast } from "./toast.server";
import { parseId } from "./params";
import { MESSAGE_MESSAGES } from "~/models/message-form";
import { messageStageSchema, STAGE_MESSAGES } from "~/models/enquiry-stage";
import { setMessageStage } from "~/models/enquiry-stages.server";

/** The Messages tab's form intent that moves an enquiry to another stage. */
export const STAGE_INTENT = "stage";

type Toast = Omit<FlashToast, "id">;

const failure = (description: string): Toast => ({ title: "Error", description, variant: "destructive" });

/**
 * A message card's 'Move' (intent `stage`, with `stage` and, for closed, `reason`): the
 * toast to go back with, or null for another form of the card.
 */
export function stageMoveAction(form: FormData, actor: string): Toast | null {
  if (form.get("intent") !== STAGE_INTENT) return null;
  const id = parseId(String(form.get("id") ?? ""));
  if (id === null) return failure(MESSAGE_MESSAGES.notFound);
  const parsed = messageStageSchema.safeParse({ stage: form.get("stage") ?? undefined, reason: form.get("reason") ?? undefined });
  if (!parsed.success) return failure(parsed.error.issues[0]?.message ?? STAGE_MESSAGES.moveFailed);
  const outcome = setMessageStage(id, parsed.data, actor);
  if (outcome.kind === "not_found") return failure(MESSAGE_MESSAGES.notFound);
  return { title: "Success", description: STAGE_MESSAGES.movedTo(parsed.data.stage) };
}
