import { useRouteLoaderData } from "react-router";
import { useCallback, useSyncExternalStore } from "react";
import {
  SAVED_HOMES_COOKIE,
  SAVED_HOMES_STORAGE_KEY,
  mergedHomes,
  parseHomeIds,
  savedHomesCookieValue,
  withHome,
  withoutHome,
} from "~/utils/saved-homes";

/**
 * The visitor's saved homes, one list for the whole page (docs/decisions/050).
 *
 * The server renders them from the `saved-homes` cookie (the root loader's `savedHomes`),
 * and so does the first browser render. Once the page runs, the list lives in
 * localStorage: the cookie's ids (saved by a form post before the scripts ran) are merged
 * into it and the cookie is deleted, and every toggle, the header's count and /favorites
 * follow the one store below (other tabs too, through the storage event).
 */

type Store = { ids: number[] | null };
const store: Store = { ids: null };
const listeners = new Set<() => void>();

function readStorage(): number[] {
  try {
    return parseHomeIds(window.localStorage.getItem(SAVED_HOMES_STORAGE_KEY));
  } catch {
    return [];
  }
}

function writeStorage(ids: number[]) {
  try {
    window.localStorage.setItem(SAVED_HOMES_STORAGE_KEY, ids.join("."));
  } catch {
    // Storage may be disabled: the list lasts as long as the page.
  }
}

/** localStorage's list with the cookie's ids merged in; the cookie is then deleted. */
function loadOnce(): number[] {
  if (store.ids) return store.ids;
  let ids = readStorage();
  const fromCookie = parseHomeIds(savedHomesCookieValue(document.cookie));
  if (fromCookie.length) {
    ids = mergedHomes(ids, fromCookie);
    writeStorage(ids);
    document.cookie = `${SAVED_HOMES_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
  }
  store.ids = ids;
  return ids;
}

function publish(ids: number[]) {
  store.ids = ids;
  writeStorage(ids);
  for (const listener of listeners) listener();
}

function onOtherTab(event: StorageEvent) {
  if (event.key !== SAVED_HOMES_STORAGE_KEY) return;
  store.ids = readStorage();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  // After hydration: the first subscriber loads the browser's list, and React renders it.
  const first = listeners.size === 0;
  listeners.add(listener);
  if (first) window.addEventListener("storage", onOtherTab);
  if (store.ids === null) {
    loadOnce();
    listener();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("storage", onOtherTab);
  };
}

const NONE: number[] = [];

const sameHomes = (a: number[], b: number[]) => a.length === b.length && a.every((id, index) => id === b[index]);

export function useSavedHomes() {
  const root = useRouteLoaderData("root") as { savedHomes?: number[] } | undefined;
  const fromServer = root?.savedHomes ?? NONE;
  // The server's own list while the browser's holds the same homes: after hydration every
  // card's Save toggle and the header's count would otherwise draw themselves again, in one
  // task, only to show the same thing.
  const ids = useSyncExternalStore(
    subscribe,
    () => (store.ids === null || sameHomes(store.ids, fromServer) ? fromServer : store.ids),
    () => fromServer,
  );
  const toggle = useCallback((id: number) => {
    const current = loadOnce();
    publish(current.includes(id) ? withoutHome(current, id) : withHome(current, id));
  }, []);
  const saveAll = useCallback((more: number[]) => publish(mergedHomes(loadOnce(), more)), []);
  return { ids, isSaved: (id: number) => ids.includes(id), toggle, saveAll };
}
