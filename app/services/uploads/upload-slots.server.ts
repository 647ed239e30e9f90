import { randomBytes } from "node:crypto";
import { and, eq, inArray, lt } from "drizzle-orm";
import { db } from "~/db/client.server";
import { uploadSlots, type UploadSlot } from "~/db/schema";
import { QUARANTINE_PREFIX } from "~/services/storage.server";

/**
 * The upload slots of docs/product.md §7's upload flow: each is issued to one admin, names
 * one quarantine key, and moves forward through its states once; the conditional
 * updates below are what make an upload URL single-use and a record step run once.
 */

/** How long an upload URL may be used: long enough to start a 10 MB upload on a slow line. */
export const UPLOAD_URL_TTL_MS = 5 * 60_000;
/** How long an upload that was never recorded is kept before the cleanup removes it. */
export const UNRECORDED_UPLOAD_TTL_MS = 24 * 60 * 60_000;

export function quarantineKey(slotId: string): string {
  return `${QUARANTINE_PREFIX}${slotId}`;
}

/** 128 random bits as hex: a safe object key and a URL segment as it is. */
export const SLOT_ID_PATTERN = /^[0-9a-f]{32}$/;

export function issueUploadSlot(adminEmail: string, now = Date.now()): UploadSlot {
  return db()
    .insert(uploadSlots)
    .values({ id: randomBytes(16).toString("hex"), adminEmail, expiresAt: new Date(now + UPLOAD_URL_TTL_MS), createdAt: new Date(now) })
    .returning()
    .get();
}

export function getUploadSlot(id: string): UploadSlot | undefined {
  return SLOT_ID_PATTERN.test(id) ? db().select().from(uploadSlots).where(eq(uploadSlots.id, id)).get() : undefined;
}

export type ReceiveStart = { kind: "started" } | { kind: "missing" } | { kind: "used" } | { kind: "expired" };

/** The local upload URL's first and only use: issued → receiving, while the URL is valid. */
export function startReceiving(id: string, now = Date.now()): ReceiveStart {
  const slot = getUploadSlot(id);
  if (!slot) return { kind: "missing" };
  if (slot.expiresAt.getTime() <= now) return { kind: "expired" };
  const moved = db()
    .update(uploadSlots)
    .set({ state: "receiving" })
    .where(and(eq(uploadSlots.id, id), eq(uploadSlots.state, "issued")))
    .returning({ id: uploadSlots.id })
    .get();
  return moved ? { kind: "started" } : { kind: "used" };
}

export function finishReceiving(id: string, received: boolean): void {
  db()
    .update(uploadSlots)
    .set({ state: received ? "received" : "rejected" })
    .where(and(eq(uploadSlots.id, id), eq(uploadSlots.state, "receiving")))
    .run();
}

export type CheckStart = { kind: "started" } | { kind: "not_yours" } | { kind: "used" } | { kind: "refused" };

/**
 * The record step's claim: one of this admin's uploads that was received (local disk)
 * or issued (S3, where the store took the bytes) moves to checking, once.
 */
export function startChecking(id: string, adminEmail: string): CheckStart {
  const slot = getUploadSlot(id);
  if (!slot || slot.adminEmail !== adminEmail) return { kind: "not_yours" };
  if (slot.state === "rejected") return { kind: "refused" };
  const moved = db()
    .update(uploadSlots)
    .set({ state: "checking" })
    .where(and(eq(uploadSlots.id, id), inArray(uploadSlots.state, ["issued", "received"])))
    .returning({ id: uploadSlots.id })
    .get();
  return moved ? { kind: "started" } : { kind: "used" };
}

/** Ends the record step: recorded, rejected, or (the store failed) back to be tried again. */
export function finishChecking(id: string, outcome: "recorded" | "rejected" | "retry"): void {
  db()
    .update(uploadSlots)
    .set({ state: outcome === "retry" ? "received" : outcome })
    .where(and(eq(uploadSlots.id, id), eq(uploadSlots.state, "checking")))
    .run();
}

/** Slots the cleanup may forget: their URL can no longer be used and they will never be recorded. */
export function finishedSlotsBefore(cutoff: Date): UploadSlot[] {
  return db()
    .select()
    .from(uploadSlots)
    .where(and(lt(uploadSlots.expiresAt, cutoff), inArray(uploadSlots.state, ["recorded", "rejected"])))
    .all();
}

/** Slots issued before `cutoff` and never recorded (abandoned or interrupted uploads). */
export function unrecordedSlotsBefore(cutoff: Date): UploadSlot[] {
  return db()
    .select()
    .from(uploadSlots)
    .where(and(lt(uploadSlots.createdAt, cutoff), inArray(uploadSlots.state, ["issued", "receiving", "received", "checking"])))
    .all();
}

export function forgetSlots(ids: string[]): void {
  if (ids.length) db().delete(uploadSlots).where(inArray(uploadSlots.id, ids)).run();
}
