import { useState, type DragEvent } from "react";

/** Where a dragged row would land, drawn on the row it is over: above it or below it. */
export type Landing = "before" | "after";

// Our own type for the drag's data: a browser starts a drag only with some data in it
// (Firefox), and text/plain would be typed into a field the row were dropped on.
const DRAG_TYPE = "application/x-reorder-row";

/**
 * Reordering a list's rows by dragging a handle, with the browser's own drag and drop
 * (decision 082). A row dropped on another takes that row's place, the rows between
 * shifting by one, so a row dragged up lands above the row it is dropped on and one
 * dragged down below it (`landing` says which, for the line drawn there). Rows before
 * `firstMovable` (a pinned first row) take no drop, so nothing lands above them; a drag
 * that did not start at one of the handles (a file, a selection) is left to the page.
 * `onMove(from, to)` gets the row's index and the index it is to have.
 */
export function useDragToReorder(firstMovable: number, onMove: (from: number, to: number) => void) {
  const [drag, setDrag] = useState<{ from: number; over: number | null } | null>(null);
  const overRow = (over: number | null) => setDrag((current) => (current && current.over !== over ? { ...current, over } : current));
  return {
    /** The handle's: it starts the drag, and the whole row is the picture that follows the pointer. */
    handle: (index: number) => ({
      draggable: true,
      onDragStart(event: DragEvent<HTMLElement>) {
        event.dataTransfer.effectAllowed = "move";
        event.dataTransfer.setData(DRAG_TYPE, String(index));
        const row = event.currentTarget.closest("li");
        if (row) {
          const box = row.getBoundingClientRect();
          event.dataTransfer.setDragImage(row, event.clientX - box.left, event.clientY - box.top);
        }
        setDrag({ from: index, over: null });
      },
      onDragEnd() {
        setDrag(null);
      },
    }),
    /** Each row's: where a drop is taken, or refused (a pinned row). */
    target: (index: number) => {
      const over = (event: DragEvent<HTMLElement>) => {
        if (!drag) return;
        if (index < firstMovable) {
          overRow(null);
          return;
        }
        // Taking the drop: the browser refuses one that neither event cancels.
        event.preventDefault();
        event.dataTransfer.dropEffect = "move";
        overRow(index);
      };
      return {
        // Entering a row, then over it: Chromium sends no dragover in the step that enters.
        onDragEnter: over,
        onDragOver: over,
        onDrop(event: DragEvent<HTMLElement>) {
          if (!drag || index < firstMovable) return;
          event.preventDefault();
          setDrag(null);
          if (index !== drag.from) onMove(drag.from, index);
        },
      };
    },
    /** The list's: leaving it, the pointer is over no row. */
    list: {
      onDragLeave(event: DragEvent<HTMLElement>) {
        const box = event.currentTarget.getBoundingClientRect();
        const inside = event.clientX >= box.left && event.clientX < box.right && event.clientY >= box.top && event.clientY < box.bottom;
        if (!inside) overRow(null);
      },
    },
    landing: (index: number): Landing | null => (drag && drag.over === index && index !== drag.from ? (index < drag.from ? "before" : "after") : null),
    isDragged: (index: number) => drag?.from === index,
  };
}

export type DragToReorder = ReturnType<typeof useDragToReorder>;
