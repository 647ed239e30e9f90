import type { DragToReorder } from "~/hooks/use-drag-to-reorder";
import { Icon } from "./icon";

export type DragHandleProps = ReturnType<DragToReorder["handle"]>;

/**
 * The grip a row is dragged by (useDragToReorder): for a pointer only, so it takes no
 * focus and no key (the row's own buttons move it by keyboard). It is an image with a
 * name, so a screen reader says what a sighted person sees there.
 */
export function DragHandle({ label, ...drag }: { label: string } & DragHandleProps) {
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      {...drag}
      className="flex h-10 w-6 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-700 active:cursor-grabbing"
    >
      <Icon name="grip" look="solid" className="h-6 w-6" />
    </span>
  );
}
