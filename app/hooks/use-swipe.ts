import { useRef, type MouseEvent, type PointerEvent } from "react";

// A swipe: at least this far sideways, and more sideways than up or down (a page scroll).
const MIN_DISTANCE_PX = 40;

/**
 * Horizontal swipes by touch or pen on an element: `onSwipe(1)` for a swipe to the left
 * (the next photo), `onSwipe(-1)` to the right. The element keeps vertical scrolling
 * (`touch-action: pan-y`, which the caller sets); a mouse is left to the buttons. The
 * click a swipe ends with is swallowed, so a swipe over a photo never also taps it.
 */
export function useSwipe(onSwipe: (direction: 1 | -1) => void) {
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const swiped = useRef(false);
  return {
    onPointerDown(event: PointerEvent) {
      // A new press: whatever click comes now is its own (a swipe may end without one).
      swiped.current = false;
      if (event.pointerType === "mouse" || !event.isPrimary) return;
      start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
    },
    onPointerUp(event: PointerEvent) {
      const from = start.current;
      start.current = null;
      if (!from || from.id !== event.pointerId) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      if (Math.abs(dx) < MIN_DISTANCE_PX || Math.abs(dx) <= Math.abs(dy) * 1.5) return;
      swiped.current = true;
      onSwipe(dx < 0 ? 1 : -1);
    },
    onPointerCancel() {
      start.current = null;
    },
    onClickCapture(event: MouseEvent) {
      if (!swiped.current) return;
      swiped.current = false;
      event.preventDefault();
      event.stopPropagation();
    },
  };
}
