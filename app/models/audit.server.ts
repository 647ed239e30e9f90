import { db, type AppDatabase } from "~/db/client.server";
import { auditLog } from "~/db/schema";

/**
 * The admin change log (issue 11, item 5). Every admin write calls recordAudit with the
 * transaction that makes the change, so an entry exists exactly when the change does:
 * a write that fails or is refused records nothing.
 */

export const AUDIT_ENTITIES = ["property", "media", "faq", "whitelist", "setting", "text", "message", "session"] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export type AuditRecord = {
  /** The admin's e-mail. */
  actor: string;
  entity: AuditEntity;
  entityId?: string | number | null;
  /** A verb: create, update, delete, link, unlink, hero, upload, reupload, handled, unhandled, sign-in, sign-out… */
  action: string;
  /** A short summary of the changed fields; never a secret (see summarizeChanges). */
  summary?: string;
};

type Executor = Pick<AppDatabase, "insert">;

const MAX_SUMMARY = 500;

export function recordAudit(entry: AuditRecord, executor: Executor = db()): void {
  executor
    .insert(auditLog)
    .values({
      actor: entry.actor,
      entity: entry.entity,
      entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
      action: entry.action,
      summary: (entry.summary ?? "").slice(0, MAX_SUMMARY),
    })
    .run();
}

// Fields whose values never go into the log, only their names.
const SECRET_FIELD = /(password|secret|token|key|cookie|session|smtp_url|credential)/i;
const MAX_VALUE = 60;

function shown(name: string, value: unknown): string {
  if (SECRET_FIELD.test(name)) return "(hidden)";
  if (value === null || value === undefined || value === "") return "—";
  const text = value instanceof Date ? value.toISOString() : String(value);
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > MAX_VALUE ? `${line.slice(0, MAX_VALUE - 1)}…` : line;
}

function same(a: unknown, b: unknown): boolean {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  return (a ?? null) === (b ?? null);
}

/**
 * "price: $950/month → $995/month; isActive: true → false" for the fields that differ,
 * or for a new row (no `before`) the fields given. Long values are cut, secrets hidden.
 */
export function summarizeChanges(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown>,
  fields: readonly string[] = Object.keys(after),
): string {
  const parts: string[] = [];
  for (const field of fields) {
    if (!(field in after)) continue;
    if (!before) {
      if (after[field] !== null && after[field] !== undefined && after[field] !== "") parts.push(`${field}: ${shown(field, after[field])}`);
      continue;
    }
    if (same(before[field], after[field])) continue;
    parts.push(`${field}: ${shown(field, before[field])} → ${shown(field, after[field])}`);
  }
  return parts.join("; ");
}
