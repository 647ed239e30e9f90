/**
 * The mail worker's wake-up call, shared by the queue (a new row) and the worker (its
 * start and stop). server.ts starts the worker and the Remix build enqueues mail: two
 * module graphs, so the worker lives on globalThis and a kick from either side reaches it.
 */
export type MailWorkerHandle = { kick: () => void };

const holder = globalThis as unknown as { __mailWorker?: MailWorkerHandle };

export function currentMailWorker(): MailWorkerHandle | undefined {
  return holder.__mailWorker;
}

export function setMailWorker(worker: MailWorkerHandle | undefined) {
  holder.__mailWorker = worker;
}

/** Sends what is due now instead of at the next poll. */
export function kickMailWorker() {
  holder.__mailWorker?.kick();
}
