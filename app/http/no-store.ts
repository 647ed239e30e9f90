/** Answers that read or change private data (admin pages and calls, sign-in) are never stored by a cache. */
export const NO_STORE = { "Cache-Control": "no-store" } as const;
