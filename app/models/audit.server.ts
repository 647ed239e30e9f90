import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { db, type AppDatabase } from "~/db/client.server";
import { auditLog, type AuditEntry } from "~/db/schema";
import { cleanOneLine, showControlCharacters } from "~/utils/control-characters";
import { pageWindow } from "~/utils/paging";

/**
 * The admin change log (issue 11, item 5). Every admin write calls recordAudit with the
 * transaction that makes the change, so an entry exists exactly when the change does:
 * a write that fails or is refused records nothing. An export of the messages, a read
 * of everything visitors sent, is recorded too, once it is accepted.
 */

export const AUDIT_ENTITIES = ["property", "media", "faq", "whitelist", "setting", "text", "message", "session", "passkey"] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export function isAuditEntity(value: string): value is AuditEntity {
  return (AUDIT_ENTITIES as readonly string[]).includes(value);
}

export type AuditRecord = {
  /** The admin's e-mail. */
  actor: string;
  entity: AuditEntity;
  entityId?: string | number | null;
  /** A verb: create, update, delete, link, unlink, hero, upload, reupload, handled, unhandled, export, sign-in, sign-out… */
  action: string;
  /** A short summary of the changed fields; never a secret (see summarizeChanges). */
  summary?: string;
};

/** The database or the transaction of the change (only its insert is used). */
export type AuditExecutor = Pick<AppDatabase, "insert">;

const MAX_SUMMARY = 500;

/**
 * A summary quotes what staff typed (a home's name, a file's name) and what a path that
 * checks nothing wrote: its controls and direction overrides are stored as visible
 * escapes ("\u202E"), so an entry is always one line that reads as what happened. Cut
 * after escaping, never inside an escape.
 */
function storedSummary(summary: string): string {
  const shown = showControlCharacters(summary);
  if (shown.length <= MAX_SUMMARY) return shown;
  return shown.slice(0, MAX_SUMMARY).replace(/\\u[0-9A-F]{0,3}$/, "");
}

export function recordAudit(entry: AuditRecord, executor: AuditExecutor = db()): void {
  executor
    .insert(auditLog)
    .values({
      actor: showControlCharacters(entry.actor.trim().toLowerCase()),
      entity: entry.entity,
      entityId: entry.entityId === undefined || entry.entityId === null ? null : showControlCharacters(String(entry.entityId)),
      action: entry.action,
      summary: storedSummary(entry.summary ?? ""),
    })
    .run();
}

// ---------------------------------------------------------------------------------
// Reading the log: the Overview's 'Recent activity' and GET /api/admin/audit.

// Newest first; the id breaks ties between entries of the same millisecond.
const newestFirst = [desc(auditLog.createdAt), desc(auditLog.id)];

/**
 * An entry as the Overview and the JSON call show it: its texts escaped again on the way
 * out, for entries written before the log escaped them or by hand.
 */
export function auditJson({ id, createdAt, actor, entity, entityId, action, summary }: AuditEntry) {
  const shown = showControlCharacters;
  return { id, createdAt, actor: shown(actor), entity, entityId: entityId === null ? null : shown(entityId), action: shown(action), summary: shown(summary) };
}

/** The last `limit` entries, newest first. */
export function recentAudit(limit = 10): AuditEntry[] {
  return db().select().from(auditLog).orderBy(...newestFirst).limit(limit).all();
}

export const AUDIT_PAGE_SIZE = 25;
export const MAX_AUDIT_PAGE_SIZE = 100;

export type AuditPage = { entries: AuditEntry[]; total: number; page: number; pageCount: number; limit: number };

/**
 * One page of the log, newest first, of one entity and/or one actor (an e-mail, any
 * case). A count and a LIMIT/OFFSET on the (entity|actor, created_at) indexes; a page
 * past the last shows the last one, as the other admin lists do.
 */
export function auditPage(options: { entity?: AuditEntity; actor?: string; page?: number; limit?: number } = {}): AuditPage {
  const limit = Math.min(Math.max(options.limit ?? AUDIT_PAGE_SIZE, 1), MAX_AUDIT_PAGE_SIZE);
  const filters: SQL[] = [];
  if (options.entity) filters.push(eq(auditLog.entity, options.entity));
  if (options.actor?.trim()) filters.push(eq(auditLog.actor, options.actor.trim().toLowerCase()));
  const where = filters.length ? and(...filters) : undefined;
  const total = db().select({ n: count() }).from(auditLog).where(where).get()?.n ?? 0;
  const { page, pageCount, offset } = pageWindow(total, options.page, limit);
  const entries = db().select().from(auditLog).where(where).orderBy(...newestFirst).limit(limit).offset(offset).all();
  return { entries, total, page, pageCount, limit };
}

// ---------------------------------------------------------------------------------
// Summaries

// Fields whose values never go into the log, only their names.
const SECRET_FIELD = /(password|secret|token|key|cookie|session|smtp_url|credential)/i;
const MAX_VALUE = 60;
export const NO_CHANGES = "no changes";

function shown(name: string, value: unknown): string {
  if (SECRET_FIELD.test(name)) return "(hidden)";
  if (value === null || value === undefined || value === "") return "—";
  const text = value instanceof Date ? value.toISOString() : String(value);
  // Values are often typed by someone (a name, a search): no control character reaches
  // the dashboard or a reader of the log, and no line break splits the summary.
  const line = cleanOneLine(text);
  return line.length > MAX_VALUE ? `${line.slice(0, MAX_VALUE - 1)}…` : line;
}

function same(a: unknown, b: unknown): boolean {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  return (a ?? null) === (b ?? null);
}

/**
 * "price: $950/month → $995/month; isActive: true → false" for the fields that differ
 * ("no changes" when none does), or for a new or deleted row (no `before`) the fields
 * given that hold a value. Long values are cut, control characters removed, secrets hidden.
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
  return parts.length || !before ? parts.join("; ") : NO_CHANGES;
}
