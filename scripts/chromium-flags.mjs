// The flags Debian's Chromium needs on this machine kind: no sandbox as root, no GPU,
// and no calls home (the network is closed). Shared by Playwright and the bench.
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

// Browser features the browser tests have no use for. Every new window (each test's
// context, each replay of a page without JavaScript) preloaded the address bar's
// suggestion popup in a renderer of its own: a third of the CPU time of a sample of
// browser tests. Given to Chromium through scripts/chromium-for-tests.sh, which keeps
// Playwright's own list of disabled features in force too (decision 043).
export const TEST_DISABLED_FEATURES = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"];
