import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent, type ReactNode } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import { useSwipe } from "~/hooks/use-swipe";
import { useT } from "~/i18n/use-t";
import { SafeImage } from "./ui/safe-image";
import { Icon } from "~/components/ui/icon";

export type Slide = { src: string; alt: string };

// React 18 has no typed `inert`; the empty-string attribute is what browsers read.
const INERT = { inert: "" } as Record<string, string>;
// Nor fetchPriority: the lower-case attribute reaches the HTML as is.
const HIGH_PRIORITY = { fetchpriority: "high" } as Record<string, string>;

// One query for every carousel of the page (a list has 24), made at the first that asks.
let reducedMotionQuery: MediaQueryList | undefined;
const reducedMotion = () => (reducedMotionQuery ??= window.matchMedia("(prefers-reduced-motion: reduce)"));

function subscribeToReducedMotion(onChange: () => void): () => void {
  const query = reducedMotion();
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** False on the server and while hydrating (the markup matches), then the visitor's setting, kept up to date. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribeToReducedMotion, () => reducedMotion().matches, () => false);
}

/**
 * Rotating images. Without JavaScript the first slide shows and no dead controls are
 * drawn. With it: auto-rotation that pauses on hover, on focus, by the pause button and
 * under prefers-reduced-motion, and stops for good once the keyboard comes into the
 * carousel (WAI-ARIA's carousel pattern; the pause button, where there is one, starts
 * it again); labelled previous/next and dot controls, ArrowLeft/ArrowRight anywhere in
 * it, swipes by touch, and the slide shown announced ("n of m") while it does not
 * rotate by itself.
 */
export function Carousel(props: {
  slides: Slide[];
  intervalMs: number;
  label: string;
  labels: { previous: string; next: string; goTo: (n: number) => string; pause?: string; play?: string; slide: (n: number, total: number) => string };
  className?: string;
  imageClassName?: string;
  sizes?: string;
  width: number;
  height: number;
  eager?: boolean;
  /**
   * Draw only the first slide until JavaScript runs (a listing card): the others cannot
   * be shown without it, and a page of cards would carry the markup of every photo.
   */
  firstSlideUntilHydrated?: boolean;
  /** Wraps the visible image, e.g. in a link that opens a gallery. */
  wrapSlide?: (image: ReactNode, index: number) => ReactNode;
  /**
   * Where previous/next sit: halfway up the sides, or, for a carousel with text laid
   * over it, in the bottom row on phones, where the text leaves room for the controls.
   */
  arrows?: "middle" | "low-on-phones";
}) {
  const { slides, intervalMs } = props;
  const { t } = useT();
  const hydrated = useHydrated();
  const track = useRef<HTMLDivElement>(null);
  // Set when a key changed the slide while the focus was on the slide itself (the hero's
  // gallery link): the focus follows to the new slide, the old one turning inert.
  const focusFollows = useRef(false);
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(false);
  const count = slides.length;
  // The list can shrink under us (new data): an index out of range goes back to the first slide.
  const current = index < count ? index : 0;

  useEffect(() => {
    if (index >= count && index !== 0) setIndex(0);
  }, [count, index]);

  const step = useCallback((delta: number) => setIndex((i) => (((i < count ? i : 0) + delta) % count + count) % count), [count]);
  const swipe = useSwipe((direction) => {
    // A swipe is the visitor choosing a photo, as the buttons are: rotation stops for good.
    setPaused(true);
    step(direction);
  });
  const swipeable = hydrated && count > 1;

  const rotating = hydrated && count > 1 && !hovered && !focused && !paused && !reducedMotion;
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(() => step(1), intervalMs);
    return () => window.clearInterval(timer);
  }, [rotating, intervalMs, step]);

  useEffect(() => {
    if (!focusFollows.current) return;
    focusFollows.current = false;
    track.current?.children[current]?.querySelector<HTMLElement>("a[href], button")?.focus();
  }, [current]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!hydrated || count < 2 || (event.key !== "ArrowLeft" && event.key !== "ArrowRight")) return;
    event.preventDefault();
    focusFollows.current = track.current?.contains(event.target as Node) ?? false;
    step(event.key === "ArrowLeft" ? -1 : 1);
  };

  return (
    <div
      role="region"
      aria-roledescription={t("carousel.roledescription", "carousel")}
      aria-label={props.label}
      className={`group relative overflow-hidden ${swipeable ? "touch-pan-y" : ""} ${props.className ?? ""}`}
      {...(swipeable ? swipe : {})}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={(event) => {
        setFocused(true);
        // Tab (not a click) brought the focus here: the visitor is reading, rotation stops.
        const fromOutside = !event.currentTarget.contains(event.relatedTarget as Node | null);
        if (fromOutside && event.target.matches(":focus-visible")) setPaused(true);
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={onKeyDown}
    >
      <div
        ref={track}
        // Screen readers say each new slide, unless it changed by itself.
        aria-live={rotating ? "off" : "polite"}
        className="carousel-track"
        style={{ transform: `translateX(-${current * 100}%)` }}
      >
        {(props.firstSlideUntilHydrated && !hydrated ? slides.slice(0, 1) : slides).map((slide, i) => {
          const image = (
            <SafeImage
              src={slide.src}
              alt={slide.alt}
              width={props.width}
              height={props.height}
              sizes={props.sizes}
              loading={props.eager && i === 0 ? "eager" : "lazy"}
              // The first photo of an eager carousel is the page's largest paint: it is
              // drawn with the first frame that has it, not a frame later.
              {...(props.eager && i === 0 ? HIGH_PRIORITY : { decoding: "async" as const })}
              className={`h-full w-full object-cover ${props.imageClassName ?? ""}`}
            />
          );
          return (
            <div
              key={`${slide.src}-${i}`}
              role="group"
              aria-roledescription={t("carousel.slide_roledescription", "slide")}
              aria-label={props.labels.slide(i + 1, count)}
              aria-hidden={i !== current}
              {...(i !== current ? INERT : {})}
              className="h-full w-full shrink-0"
            >
              {props.wrapSlide ? props.wrapSlide(image, i) : image}
            </div>
          );
        })}
      </div>

      {hydrated && count > 1 ? (
        <>
          <ArrowButton side="left" placement={props.arrows ?? "middle"} label={props.labels.previous} onClick={() => step(-1)} />
          <ArrowButton side="right" placement={props.arrows ?? "middle"} label={props.labels.next} onClick={() => step(1)} />
          {/* On a dark band of their own: the dots and the pause button stand out on any photo. */}
          <div className="absolute bottom-2 left-1/2 flex -translate-x-1/2 items-center gap-1 rounded-full bg-black/55 px-1">
            {slides.map((_, i) => (
              <button
                key={i}
                type="button"
                aria-label={props.labels.goTo(i + 1)}
                aria-current={i === current ? "true" : undefined}
                onClick={() => setIndex(i)}
                className="group/dot inline-flex h-6 min-w-6 items-center justify-center rounded-full"
              >
                <span
                  aria-hidden="true"
                  className={`block h-2.5 rounded-full transition-all ${i === current ? "w-6 bg-white" : "w-2.5 bg-white/80 group-hover/dot:bg-white"}`}
                />
              </button>
            ))}
            {props.labels.pause && props.labels.play ? (
              <button
                type="button"
                onClick={() => setPaused((p) => !p)}
                aria-label={paused ? props.labels.play : props.labels.pause}
                className="inline-flex h-8 w-8 items-center justify-center rounded-full text-white hover:bg-black/50"
              >
                <Icon name={paused ? "play" : "pause"} look="solid" className="h-4 w-4" />
              </button>
            ) : null}
          </div>
        </>
      ) : null}
    </div>
  );
}

// Level with the centre of the dot row (bottom-2, 32 px tall) when low.
const ARROW_PLACEMENT = {
  middle: "top-1/2 -translate-y-1/2",
  "low-on-phones": "bottom-1 sm:bottom-auto sm:top-1/2 sm:-translate-y-1/2",
} as const;

function ArrowButton(props: { side: "left" | "right"; placement: keyof typeof ARROW_PLACEMENT; label: string; onClick: () => void }) {
  const { side, label, onClick } = props;
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className={`absolute ${ARROW_PLACEMENT[props.placement]} ${side === "left" ? "left-2" : "right-2"} inline-flex h-10 w-10 items-center justify-center rounded-full bg-black/55 text-white shadow hover:bg-black/70`}
    >
      <Icon name={side === "left" ? "chevron-left" : "chevron-right"} className="h-5 w-5 stroke-[2.5]" />
    </button>
  );
}
