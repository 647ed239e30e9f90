/**
 * A say over Back and Forward before the router hears of them. The router listens to
 * `popstate` on the window, and listeners there run in the order they were added (a
 * capturing one included), so a component's own listener always comes too late to keep
 * an entry of its own from the router. entry.client.tsx opens this gate before the router
 * starts; a component that pushed entries the router does not know (a home's details over
 * a list, the photo viewer) sets the handler, which returns true for a move it took care
 * of; the one set last is the one asked.
 */
type Handler = (event: PopStateEvent) => boolean;

let handler: Handler | null = null;

/** Called once, before the router starts. */
export function openPopStateGate() {
  window.addEventListener("popstate", (event) => {
    if (handler?.(event)) event.stopImmediatePropagation();
  });
}

/**
 * Sets the handler while a component needs it; returns the function that takes it away,
 * giving back the one it took the place of (a photo viewer's over a home's details').
 */
export function handlePopState(next: Handler): () => void {
  const previous = handler;
  handler = next;
  return () => {
    if (handler === next) handler = previous;
  };
}
