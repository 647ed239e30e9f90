// Imported first by server.ts: React and Remix read NODE_ENV when they load, and the
// server always runs the production build (tests and `npm start` alike).
if (process.env.NODE_ENV !== "development") process.env.NODE_ENV = "production";
