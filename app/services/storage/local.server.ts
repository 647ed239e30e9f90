import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { writeWholeFile } from "~/utils/whole-file.server";
import type { ListedObject, ObjectInfo, StorageBackend, StoredObject } from "./backend";

// The disk keeps no metadata beside a file; our keys end in their type's extension
// (uploads are re-encoded and named by the server), so the extension says the type.
const TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".gif": "image/gif",
};

function contentTypeOf(key: string): string {
  return TYPES[path.extname(key).toLowerCase()] ?? "application/octet-stream";
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "ENOENT" || code === "ENOTDIR";
}

/** Objects as files under one folder (data/uploads): the default, nothing to configure. */
export function localBackend(root: string): StorageBackend {
  const fileOf = (key: string) => path.join(root, key);
  const infoOf = (key: string, stat: { size: number; mtime: Date }): ObjectInfo => ({
    size: stat.size,
    contentType: contentTypeOf(key),
    // Weak: it says "same file", not "same bytes" (size and time, not a digest).
    etag: `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`,
    lastModified: stat.mtime,
  });

  return {
    async put(key, body) {
      await writeWholeFile(fileOf(key), body);
    },

    async putFile(key, source) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Our temporary files live under the data folder, as the uploads do: a rename
      // then moves them at once; another file system needs a copy.
      try {
        await fs.rename(source, file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
        await writeWholeFile(file, createReadStream(source));
        await fs.rm(source, { force: true });
      }
    },

    async get(key): Promise<StoredObject | null> {
      // Opened before stat: a file deleted in between is then still read whole.
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(fileOf(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      const stat = await handle.stat().catch(async (error) => {
        await handle.close();
        throw error;
      });
      if (!stat.isFile()) {
        await handle.close();
        return null;
      }
      return { ...infoOf(key, stat), body: handle.createReadStream() };
    },

    async head(key) {
      try {
        const stat = await fs.stat(fileOf(key));
        return stat.isFile() ? infoOf(key, stat) : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },

    async *list(prefix): AsyncIterable<ListedObject> {
      // Prefixes name folders ("quarantine/"), so the folder is read, not the whole store.
      const folder = fileOf(prefix.replace(/\/+$/, ""));
      let names: string[];
      try {
        names = await fs.readdir(folder, { recursive: true });
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      for (const name of names) {
        const stat = await fs.stat(path.join(folder, name)).catch(() => null);
        if (stat?.isFile()) yield { key: `${prefix.replace(/\/+$/, "")}/${name.split(path.sep).join("/")}`, lastModified: stat.mtime };
      }
    },
  };
}
