import type { AppLoadContext } from "react-router";

/**
 * How the database's replication stands (server/replication.ts, decision 060), as the
 * server hands it to the app in each request's load context. Only its `state` is public
 * (/healthz); the rest names where the replica lives and what Litestream said of it (the
 * store's endpoint, bucket and path, local paths), which only staff may read
 * (GET /api/admin/health).
 */
export type ReplicationStatus = {
  /** starting: Litestream is not yet following the database; replicating: it is, and ships what changes; failing: it reports errors, is down, or ships nothing while the database changes. */
  state: "starting" | "replicating" | "failing";
  replica: string;
  /** When Litestream last wrote to the replica (a WAL segment or a snapshot). */
  lastShippedAt: string | null;
  lastError: string | null;
};

/** What anyone may read of it. */
export function publicReplicationStatus({ state }: ReplicationStatus): Pick<ReplicationStatus, "state"> {
  return { state };
}

/** The replication's status from the load context; null when REPLICA_URL is not set. */
export function replicationStatusOf(context: AppLoadContext | undefined): ReplicationStatus | null {
  const current = (context as { replicationStatus?: () => ReplicationStatus } | undefined)?.replicationStatus;
  return current ? current() : null;
}
