// The server's entry point. React and Remix read NODE_ENV as they load, so it is settled
// here before the rest of the server (server/main.ts) and its packages are imported.
import "./server/production-env";

// Stack traces in the log point into the TypeScript sources (build/*.js.map).
process.setSourceMapsEnabled(true);

await import("./server/main");
