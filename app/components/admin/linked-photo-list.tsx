import { useNavigation, useSubmit } from "react-router";
import { useDragToReorder } from "~/hooks/use-drag-to-reorder";
import { useHydrated } from "~/hooks/use-hydrated";
import { movedTo } from "~/models/photo-order";
import { LinkedPhotoRow, type LinkedPhoto } from "./linked-photo-row";

/**
 * A home's linked photos in Property Images, in public order (the main image first when
 * it is one of them). With JavaScript each photo but the main image also has a handle to
 * drag it to another place: the drop posts the same action as the Move buttons
 * ("move-to" with the place it landed on), and the list shows the new order while that
 * post is on its way. Without JavaScript there is no handle: the buttons do it all.
 */
export function LinkedPhotoList({ linked, mainPath, action }: { linked: LinkedPhoto[]; mainPath: string | null; action: string }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const shown = withMoveOnItsWay(linked, useNavigation().formData);
  const afterMain = shown[0]?.filePath === mainPath;
  const pinned = afterMain ? 1 : 0;
  const drag = useDragToReorder(pinned, (from, to) =>
    submit({ intent: "move-to", mediaId: String(shown[from].id), position: String(to + 1) }, { method: "post", action, preventScrollReset: true }),
  );
  // A drag needs two photos that may move.
  const dragging = hydrated && shown.length - pinned > 1;
  return (
    <ul aria-label="Linked images" className="divide-y divide-slate-100" {...(dragging ? drag.list : {})}>
      {shown.map((item, i) => (
        <LinkedPhotoRow
          key={item.id}
          item={item}
          place={i + 1}
          count={shown.length}
          isMain={item.filePath === mainPath}
          afterMain={afterMain}
          action={action}
          drag={dragging ? { handle: i < pinned ? null : drag.handle(i), target: drag.target(i), landing: drag.landing(i), dragged: drag.isDragged(i) } : undefined}
        />
      ))}
    </ul>
  );
}

/** The photos as a drop being posted leaves them: the dropped one at its new place. */
function withMoveOnItsWay(linked: LinkedPhoto[], posted: FormData | undefined): LinkedPhoto[] {
  if (posted?.get("intent") !== "move-to") return linked;
  const from = linked.findIndex((item) => String(item.id) === posted.get("mediaId"));
  const to = Number(posted.get("position")) - 1;
  return from >= 0 && to >= 0 && to < linked.length ? movedTo(linked, from, to) : linked;
}
