import { adminJsonRoute, noStoreJson } from "~/http/admin-json-route.server";
import { replicationStatusOf } from "~/http/replication-status.server";

/**
 * GET /api/admin/health: /healthz as staff read it. With replication on, its whole status:
 * the replica's address, when Litestream last shipped and its last error, which the public
 * /healthz leaves out (they name the store, its bucket and paths).
 */
const jsonRoute = adminJsonRoute({
  GET: ({ context }) => {
    const replication = replicationStatusOf(context);
    return noStoreJson(replication ? { status: "ok", replication } : { status: "ok" });
  },
});

export const loader = jsonRoute.loader;
export const action = jsonRoute.action;
