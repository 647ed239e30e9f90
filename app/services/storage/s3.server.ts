import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { Config } from "~/config/env.server";
import { log } from "~/config/logger.server";
import type { ListedObject, ObjectInfo, StorageBackend } from "./backend";

/** The metadata GetObject and HeadObject both answer with. */
function infoOf(answer: { ContentLength?: number; ContentType?: string; ETag?: string; LastModified?: Date }): ObjectInfo {
  return {
    size: answer.ContentLength ?? 0,
    contentType: answer.ContentType ?? "application/octet-stream",
    etag: answer.ETag,
    lastModified: answer.LastModified,
  };
}

function isNotFound(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return status === 404;
}

/**
 * The origin presigned upload URLs point at, which the browser must be allowed to reach
 * (CSP connect-src): the endpoint itself in path style, the bucket's own host otherwise.
 */
export function s3UploadOrigin(settings: Config["s3"]): string | null {
  if (!settings) return null;
  if (!settings.endpoint) return `https://${settings.bucket}.s3.${settings.region}.amazonaws.com`;
  const endpoint = new URL(settings.endpoint);
  return settings.forcePathStyle ? endpoint.origin : `${endpoint.protocol}//${settings.bucket}.${endpoint.host}`;
}

/**
 * How long a request to the store may take (see docs/decisions/028). The connection:
 * an S3 endpoint accepts in milliseconds. Silence on an open connection (no byte
 * either way): S3 answers a small request or sends the next bytes of an object well
 * within it, and it is reset by every byte, so a slow but moving transfer goes on. The
 * whole request up to the answer's headers: a 10 MB PUT from a server needs a fraction.
 */
const STORE_TIMEOUTS = { connectionTimeout: 3_000, socketTimeout: 5_000, requestTimeout: 30_000, throwOnRequestTimeout: true };
/** One retry: a refused or reset connection is tried once more, then the caller hears of it. */
const STORE_ATTEMPTS = 2;

/**
 * The SDK's own warnings (a failed upload of a stream is not retried, say) as lines of
 * our log rather than bare console text; its per-request info lines are left out.
 */
const SDK_LOGGER = {
  debug: () => {},
  info: () => {},
  warn: (...content: unknown[]) => log.warn("s3 client", { detail: content.map(String).join(" ") }),
  error: (...content: unknown[]) => log.error("s3 client", { detail: content.map(String).join(" ") }),
};

/** Objects in an S3 bucket (AWS or a compatible store: MinIO, R2, ...) when S3_BUCKET is set. */
export function s3Backend(settings: NonNullable<Config["s3"]>): StorageBackend {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint ?? undefined,
    // Path style ("host/bucket/key") for stores without per-bucket host names.
    forcePathStyle: settings.forcePathStyle,
    // Without keys, the SDK's usual chain (instance role, AWS_* variables) applies.
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // The SDK's default checksums are not understood by every S3-compatible store;
    // send and check them only where an operation requires it.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    // The SDK waits forever by default: a store that stops answering would hold an
    // admin's upload, a visitor's image and a worker slot each until the OS gives up
    // (minutes). These bound an unreachable store to seconds, then callers answer 503.
    requestHandler: STORE_TIMEOUTS,
    maxAttempts: STORE_ATTEMPTS,
    logger: SDK_LOGGER,
  });
  const Bucket = settings.bucket;

  return {
    async put(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }));
    },

    async putFile(key, file, contentType) {
      const { size } = await fs.stat(file);
      // A file stream with its length is sent as one PUT, never held in memory.
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: createReadStream(file), ContentLength: size, ContentType: contentType }));
      await fs.rm(file, { force: true });
    },

    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        // In Node the SDK's body is the HTTP response stream itself.
        return { ...infoOf(answer), body: answer.Body as Readable };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async head(key) {
      try {
        return infoOf(await client.send(new HeadObjectCommand({ Bucket, Key: key })));
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      // S3 answers a delete of a missing key with success too.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async *list(prefix): AsyncIterable<ListedObject> {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        for (const item of page.Contents ?? []) {
          if (item.Key) yield { key: item.Key, lastModified: item.LastModified ?? new Date(0) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    async presignPut(key, contentType, seconds) {
      // The content type, when known, is signed too: the browser must send the same one.
      return getSignedUrl(client, new PutObjectCommand({ Bucket, Key: key, ContentType: contentType }), { expiresIn: seconds });
    },
  };
}
