import type Database from "better-sqlite3";
import { db } from "~/db/client.server";
import { objectPath } from "~/services/storage.server";

/**
 * Whether a stored object is one the site shows: a media item's file or a property's
 * main image. /objects and /variants serve nothing else, so no byte reaches a visitor
 * unless the record step (or the seed) wrote its row: not an upload in quarantine, not
 * an object put in the bucket some other way, not a file left over from a deletion.
 */
export function isRecordedObject(key: string): boolean {
  return isFileShown(objectPath(key));
}

type Client = ReturnType<typeof db>["$client"];
type Statement = Database.Statement<[string, string]>;
// Asked on every /objects and /variants request: prepared once per database connection.
const statements = new WeakMap<Client, Statement>();

/** Whether a media item or a property's main image names `filePath` ("/objects/..."). */
export function isFileShown(filePath: string): boolean {
  const client = db().$client;
  let statement = statements.get(client);
  if (!statement) {
    statement = client.prepare("select 1 from media where file_path = ? union all select 1 from properties where image_url = ? limit 1");
    statements.set(client, statement);
  }
  return statement.get(filePath, filePath) !== undefined;
}
