import { onPublicDataChange, otherConnectionsMark } from "../app/db/public-changes.server";
import type { PageCache } from "./page-cache";

/**
 * When the page cache is emptied (decision 065): by a write that changed public data
 * (a home, a photo, an FAQ, a text, a setting), as it is made, so that the writer's next
 * view and everyone's is rendered afresh; and by any write that reaches the app after
 * another connection (another process, a tool) committed to the database, whose changes
 * this process is not told of. Any other write (a contact message, a sign-in request, a
 * post the app refuses or has no route for) leaves the shared answers in place: emptying
 * for each would let anyone make every page view a render.
 */
export function emptyOnPublicChanges(cache: PageCache): { afterWrite: () => void } {
  onPublicDataChange(() => cache.clear());
  let others = otherConnectionsMark();
  return {
    afterWrite() {
      const mark = otherConnectionsMark();
      if (mark === others) return;
      others = mark;
      cache.clear();
    },
  };
}
