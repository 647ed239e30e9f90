import { useEffect, useRef, useState, type ReactNode } from "react";
import { useT } from "~/i18n/use-t";
import type { TileConfig } from "~/models/map-marker";
import { MAP_SETTINGS_API } from "~/paths";

// Only the type: the map's code (Leaflet, react-leaflet, supercluster, Leaflet's CSS)
// is a chunk of its own, fetched when a map nears the viewport.
type MapModule = typeof import("./leaflet-maps.client");
export type MapKit = { maps: MapModule; tiles: TileConfig };

/** docs/product.md §9: 3 retries, the n-th after n × 2^n ms. */
export const MAP_LOAD_RETRIES = 3;

export async function withRetries<T>(attempt: () => Promise<T>, retries = MAP_LOAD_RETRIES): Promise<T> {
  for (let n = 0; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (n >= retries) throw error;
      await new Promise((resolve) => setTimeout(resolve, (n + 1) * 2 ** (n + 1)));
    }
  }
}

export async function getJson<T>(url: string): Promise<T> {
  // Same-origin calls carry the cookies by default.
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
  return (await response.json()) as T;
}

// One load for every map of the page (the listings map, a details map): a failed one is
// forgotten, so a retry tries again.
let kit: Promise<MapKit> | null = null;
function loadKit(): Promise<MapKit> {
  kit ??= Promise.all([import("./leaflet-maps.client"), getJson<TileConfig>(MAP_SETTINGS_API)]).then(async ([maps, tiles]) => {
    await maps.loadStyles();
    return { maps, tiles };
  });
  kit.catch(() => (kit = null));
  return kit;
}

type Phase = "idle" | "loading" | "initializing" | "ready" | "error";

/**
 * A map's place on the page. It shows `fallback` (what a visitor without JavaScript
 * sees) until it comes within 300 px of the viewport; then it loads the map's code, the
 * tile settings and `loadData` together, retrying as docs/product.md §9 says, and shows 'Loading
 * map...', 'Initializing map...' until the map is drawn, or the error above the fallback.
 * (This part is in the page's first load: keep it small.)
 */
export function LazyMap<D>(props: {
  className: string;
  fallback: ReactNode;
  loadData?: () => Promise<D>;
  render: (kit: MapKit, data: D, onReady: () => void) => ReactNode;
}) {
  const { t } = useT();
  const place = useRef<HTMLDivElement>(null);
  const [phase, setPhase] = useState<Phase>("idle");
  const [loaded, setLoaded] = useState<[MapKit, D]>();
  const loadData = useRef(props.loadData);

  useEffect(() => {
    let live = true;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries[0].isIntersecting) return;
        observer.disconnect();
        setPhase("loading");
        withRetries(() => Promise.all([loadKit(), loadData.current?.() as Promise<D>])).then(
          (result) => live && (setLoaded(result), setPhase("initializing")),
          (error: unknown) => {
            console.error("The map failed to load", error);
            if (live) setPhase("error");
          },
        );
      },
      { rootMargin: "300px" },
    );
    observer.observe(place.current as HTMLDivElement);
    return () => {
      live = false;
      observer.disconnect();
    };
  }, []);

  const status = phase === "loading" ? t("map.loading", "Loading map...") : phase === "initializing" ? t("map.initializing", "Initializing map...") : "";
  return (
    <div ref={place} className={`relative ${props.className}`} data-map-phase={phase}>
      {phase === "error" ? (
        <div role="alert" className="m-5 mb-0 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
          <p className="font-semibold">{t("map.error_title", "Failed to load map")}</p>
          <p className="mt-1 text-sm">{t("map.error_text", "Please check your connection and try again")}</p>
        </div>
      ) : null}
      {phase === "idle" || phase === "error" ? props.fallback : null}
      {loaded && phase !== "error" ? props.render(loaded[0], loaded[1], () => setPhase("ready")) : null}
      {status ? (
        <p role="status" className="absolute inset-0 z-10 flex items-center justify-center bg-slate-100 text-slate-700">
          {status}
        </p>
      ) : null}
    </div>
  );
}
