import type { Readable } from "node:stream";

/** What is known about a stored object without reading it. */
export type ObjectInfo = {
  size: number;
  contentType: string;
  etag?: string;
  lastModified?: Date;
};

/** A stored object ready to be streamed: the body is never read into memory whole. */
export type StoredObject = ObjectInfo & { body: Readable };

/** One entry of a listing: enough to tell an old object from a new one. */
export type ListedObject = { key: string; lastModified: Date };

/**
 * One place objects live (local disk or S3). Keys reach a back end already checked
 * (storage.server.ts), so a back end never sees one that could escape its store.
 */
export interface StorageBackend {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Stores a local file (a finished upload, a re-encoded image) under `key`, streamed.
   * The file may be moved rather than copied: the caller does not use it again.
   */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** null when there is no such object. */
  get(key: string): Promise<StoredObject | null>;
  head(key: string): Promise<ObjectInfo | null>;
  /** A missing object is not an error: the caller wants it gone. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix` ("quarantine/"). */
  list(prefix: string): AsyncIterable<ListedObject>;
  /**
   * A URL the browser can PUT one object to directly, valid `seconds`; only stores
   * that can sign one (S3). Local disk has the app receive uploads itself.
   */
  presignPut?(key: string, contentType: string | undefined, seconds: number): Promise<string>;
}

/**
 * The store failed an operation (S3 unreachable or answering errors, a full or
 * read-only disk): nothing says the object is missing, only that the store cannot be
 * used now. Callers answer 503 with Retry-After and change nothing of their own.
 */
export class StorageUnavailable extends Error {
  constructor(operation: string, key: string, cause: unknown) {
    super(`storage ${operation} ${key} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "StorageUnavailable";
  }
}
