import { log } from "~/config/logger.server";
import { errorForLog } from "~/utils/error-for-log";
import { isMoreUrgentMailDue, LEASE_RENEW_MS, leaseDueMail, MAIL_BATCH_SIZE, markFailed, markSent, releaseLeases, renewLeases } from "./queue.server";
import { closeTransport, deliver } from "./transport.server";
import { currentMailWorker, setMailWorker } from "./wake.server";

/**
 * The one worker per process that sends due mail: it polls the queue every second (and
 * at once when kicked), sends each leased row and marks it sent, or failed for a retry.
 */

const POLL_INTERVAL_MS = 1_000;
const STOP_WAIT_MS = 5_000;

/** Renews the lease of the rows `held()` names every LEASE_RENEW_MS, until called to stop. */
function keepLeased(held: () => number[]): () => void {
  const timer = setInterval(() => {
    try {
      renewLeases(held());
    } catch (error) {
      // A missed renewal risks a second copy of a mail, never a lost one: log and go on.
      log.error("mail: lease renewal failed", { error: errorForLog(error) });
    }
  }, LEASE_RENEW_MS);
  timer.unref();
  return () => clearInterval(timer);
}

type WorkerState = {
  timer: NodeJS.Timeout | null;
  running: Promise<void> | null;
  again: boolean;
  stopping: boolean;
  kick: () => void;
};

async function drain(state: WorkerState) {
  let full: boolean;
  do {
    state.again = false;
    const rows = leaseDueMail(new Date());
    // A full batch means more may be due: lease the next one now rather than at the next poll.
    full = rows.length === MAIL_BATCH_SIZE;
    let next = 0;
    // The row being sent and those after it stay ours, however long an attempt takes.
    const stopRenewing = keepLeased(() => rows.slice(next).map((row) => row.id));
    try {
      for (; next < rows.length; next++) {
        const row = rows[next];
        if (state.stopping) {
          // Not tried: free for the next worker at once rather than when the lease runs out.
          releaseLeases(rows.slice(next).map((left) => left.id));
          return;
        }
        // Mail someone waits for more (a sign-in link behind a batch of digests) was
        // queued meanwhile: the rest of the batch goes back, and the next lease takes it first.
        if (state.again && next > 0 && isMoreUrgentMailDue(row.priority, new Date())) {
          releaseLeases(rows.slice(next).map((left) => left.id));
          full = true;
          break;
        }
        try {
          await deliver(row);
          markSent(row);
        } catch (error) {
          markFailed(row, error);
        }
      }
    } finally {
      stopRenewing();
    }
  } while ((state.again || full) && !state.stopping);
}

function run(state: WorkerState) {
  if (state.stopping) return;
  if (state.running) {
    // A kick during a pass: look again once it ends, for rows it did not see.
    state.again = true;
    return;
  }
  state.running = drain(state)
    .catch((error) => log.error("mail: worker pass failed", { error: errorForLog(error) }))
    .finally(() => {
      state.running = null;
    });
}

export function startMailWorker() {
  if (currentMailWorker()) return;
  const state: WorkerState = { timer: null, running: null, again: false, stopping: false, kick: () => {} };
  state.kick = () => setImmediate(() => run(state));
  state.timer = setInterval(() => run(state), POLL_INTERVAL_MS);
  state.timer.unref();
  setMailWorker(state);
  state.kick();
}

/**
 * Stops polling and waits (a few seconds at most) for the message being sent, so the
 * database is not closed under it. Anything unsent stays queued for the next start.
 */
export async function stopMailWorker() {
  const state = currentMailWorker() as WorkerState | undefined;
  if (!state) return;
  setMailWorker(undefined);
  state.stopping = true;
  if (state.timer) clearInterval(state.timer);
  if (state.running) {
    let timeout: NodeJS.Timeout | undefined;
    await Promise.race([state.running, new Promise((resolve) => (timeout = setTimeout(resolve, STOP_WAIT_MS)))]);
    clearTimeout(timeout);
  }
  closeTransport();
}
