import { z } from "zod";
import { CLOSE_REASONS, ENQUIRY_STAGES } from "~/db/enquiry-stage-values";

export { CLOSE_REASONS, ENQUIRY_STAGES };

/**
 * An enquiry's stage (docs/product.md, "Stages"): where the office is with it, from the
 * first message to a lease or a close. Replying moves a new one to replied, a confirmed
 * visit to visit scheduled; staff move the rest. Not a .server module: the tab's forms use it.
 */
export type EnquiryStage = (typeof ENQUIRY_STAGES)[number];

export const STAGE_LABELS: Record<EnquiryStage, string> = {
  new: "New",
  replied: "Replied",
  visit_scheduled: "Visit scheduled",
  applied: "Applied",
  leased: "Leased",
  closed: "Closed",
};

/** Why an enquiry was closed: only a closed one has a reason. */
export type CloseReason = (typeof CLOSE_REASONS)[number];

export const CLOSE_REASON_LABELS: Record<CloseReason, string> = {
  rented_elsewhere: "Rented elsewhere",
  no_answer: "No answer",
  not_qualified: "Not qualified",
  other: "Other",
};

export const STAGE_MESSAGES = {
  stageInvalid: `The stage must be one of ${ENQUIRY_STAGES.join(", ")}`,
  reasonInvalid: `The reason must be one of ${CLOSE_REASONS.join(", ")}`,
  reasonNeeded: "Choose why it was closed",
  moveFailed: "Failed to move the enquiry",
  movedTo: (stage: EnquiryStage) => `Moved to ${STAGE_LABELS[stage]}`,
} as const;

/**
 * The tab's 'Move' form and PATCH /api/admin/messages/{id}'s `{stage, reason}`: a closed
 * enquiry needs its reason; any other stage keeps none (a reason sent with it is dropped).
 */
export const messageStageSchema = z
  .object({
    stage: z.enum(ENQUIRY_STAGES, { errorMap: () => ({ message: STAGE_MESSAGES.stageInvalid }) }),
    reason: z
      .union([z.literal(""), z.null(), z.enum(CLOSE_REASONS)], { errorMap: () => ({ message: STAGE_MESSAGES.reasonInvalid }) })
      .optional()
      .transform((value) => value || null),
  })
  .superRefine((value, context) => {
    if (value.stage === "closed" && !value.reason) context.addIssue({ code: "custom", path: ["reason"], message: STAGE_MESSAGES.reasonNeeded });
  })
  .transform((value) => ({ stage: value.stage, reason: value.stage === "closed" ? value.reason : null }));

export type StageMove = z.output<typeof messageStageSchema>;

/** "Closed (rented elsewhere)", "Leased": a stage as the office reads it. */
export function stageText(stage: EnquiryStage, reason: CloseReason | null): string {
  return stage === "closed" && reason ? `${STAGE_LABELS.closed} (${CLOSE_REASON_LABELS[reason].toLowerCase()})` : STAGE_LABELS[stage];
}
