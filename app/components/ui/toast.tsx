import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from "react";

/**
 * Toasts (docs/product.md §4 and §9): one at a time, a new one replaces the old; shown
 * for 5 s; a dismissed toast leaves the store after 1,000,000 ms; swipe 50 px to
 * close; F8 focuses the viewport. They need JavaScript: a message that must also reach
 * visitors without it is rendered by its own page as a status region.
 */

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5_000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = ["F8"];

export type ToastVariant = "default" | "destructive";
export type ToastOptions = { title?: ReactNode; description?: ReactNode; variant?: ToastVariant };
type ToastItem = ToastOptions & { id: string; open: boolean };

// A module-level store: toast() can be called from anywhere (effects, handlers),
// and the one <Toaster /> subscribes to it.
// The server's snapshot is the store's own empty list: after hydration React compares the
// two, and a different (if equally empty) array would draw the Toaster again in that task.
const NO_TOASTS: ToastItem[] = [];
let items: ToastItem[] = NO_TOASTS;
let counter = 0;
const listeners = new Set<() => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function setItems(next: ToastItem[]) {
  items = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      setItems(items.filter((item) => item.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

export function dismissToast(id?: string) {
  for (const item of items) if (id === undefined || item.id === id) scheduleRemoval(item.id);
  setItems(items.map((item) => (id === undefined || item.id === id ? { ...item, open: false } : item)));
}

export function toast(options: ToastOptions) {
  const id = String(++counter);
  setItems([{ ...options, id, open: true }, ...items].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

export function useToast() {
  // The server never has toasts: they come from effects and event handlers.
  const toasts = useSyncExternalStore(subscribe, () => items, () => NO_TOASTS);
  return { toasts, toast, dismiss: dismissToast };
}

// The Radix viewport is a sizeable part of the page's JavaScript and only matters once
// something has been said: it loads with the first toast.
const ToastViewport = lazy(() => import("./toast-viewport"));

export function Toaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (toasts.length) setNeeded(true);
  }, [toasts.length]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastViewport />
    </Suspense>
  );
}
