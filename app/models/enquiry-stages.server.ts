import { and, eq, inArray, sql } from "drizzle-orm";
import { writeTransaction, type db } from "~/db/client.server";
import { contactMessages, type ContactMessage } from "~/db/schema";
import { recordAudit, summarizeChanges } from "~/models/audit.server";
import { type EnquiryStage, type StageMove } from "~/models/enquiry-stage";

export type StageOutcome = { kind: "not_found" } | { kind: "unchanged" | "updated"; message: ContactMessage };

/** Staff move an enquiry to a stage (a closed one with its reason), recorded in the change log. */
export function setMessageStage(id: number, move: StageMove, actor: string): StageOutcome {
  return writeTransaction((tx) => {
    const before = tx.select().from(contactMessages).where(eq(contactMessages.id, id)).get();
    if (!before) return { kind: "not_found" } as const;
    if (before.stage === move.stage && before.closedReason === move.reason) return { kind: "unchanged", message: before } as const;
    const now = new Date();
    // Leaving 'new' is the office's first answer, however it was given (docs/product.md, "Stages").
    const change = { stage: move.stage, closedReason: move.reason, stageChangedAt: now, firstRepliedAt: before.firstRepliedAt ?? (move.stage === "new" ? null : now) };
    const message = tx.update(contactMessages).set(change).where(eq(contactMessages.id, id)).returning().get();
    recordAudit({ actor, entity: "message", entityId: id, action: "stage", summary: summarizeChanges(before, change, ["stage", "closedReason"]) }, tx);
    return { kind: "updated", message } as const;
  });
}

type Writer = Pick<ReturnType<typeof db>, "update">;

/**
 * What the office's own answers do to a stage, in their write: a reply (or a declined
 * visit) moves a new enquiry to replied; a confirmed visit moves a new or replied one to
 * visit scheduled. A stage staff set further on is left as it is.
 */
export function advanceStage(writer: Writer, messageId: number, to: Extract<EnquiryStage, "replied" | "visit_scheduled">, at = new Date()) {
  const from: EnquiryStage[] = to === "replied" ? ["new"] : ["new", "replied"];
  writer
    .update(contactMessages)
    .set({ stage: to, closedReason: null, stageChangedAt: at, firstRepliedAt: sql`coalesce(${contactMessages.firstRepliedAt}, ${at.getTime()})` })
    .where(and(eq(contactMessages.id, messageId), inArray(contactMessages.stage, from)))
    .run();
}
