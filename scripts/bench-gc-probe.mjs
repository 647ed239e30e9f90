// Loaded into the server of the memory bench only (node --expose-gc --import): a SIGUSR2
// asks for a full collection, so the bench can read the RSS of what is really kept,
// without the heap's swings between collections (scripts/bench-memory.mjs).
process.on("SIGUSR2", () => globalThis.gc?.());
