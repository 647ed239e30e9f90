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
