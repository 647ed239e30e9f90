import { db } from "~/db/client.server";
import { objectPath } from "~/services/storage.server";

/**
 * Whether a stored object is one the site shows: a media item's file or a property's
 * main image. /objects and /variants serve nothing else, so no byte reaches a visitor
 * unless the record step (or the seed) wrote its row: not an upload in quarantine, not
 * an object put in the bucket some other way, not a file left over from a deletion.
 */
export function isRecordedObject(key: string): boolean {
  const filePath = objectPath(key);
  const row = db()
    .$client.prepare("select 1 from media where file_path = ? union all select 1 from properties where image_url = ? limit 1")
    .get(filePath, filePath);
  return row !== undefined;
}
