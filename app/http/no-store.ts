/** Answers that read or change private data (admin pages and calls, sign-in) are never stored by a cache. */
export const NO_STORE = { "Cache-Control": "no-store" } as const;

/** A page one signed-in person may see and nobody else (a staff preview): no cache, ours or another, keeps it. */
export const PRIVATE_NO_STORE = { "Cache-Control": "private, no-store" } as const;
