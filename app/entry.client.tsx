import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { openPopStateGate } from "~/utils/popstate-gate";

// Before the router adds its own popstate listener (utils/popstate-gate.ts).
openPopStateGate();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
