import fs from "node:fs";
import path from "node:path";
import { CreateBucketCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { makeWorkDir } from "./server";

export type LocalS3 = {
  /** The S3_* variables that point the app at this store. */
  env: Record<string, string>;
  client: S3Client;
  bucket: string;
  has: (key: string) => Promise<boolean>;
  /** Puts bytes straight into the bucket, past the app. */
  put: (key: string, body: Buffer, contentType: string) => Promise<void>;
  /** Every key that starts with `prefix`. */
  keys: (prefix: string) => Promise<string[]>;
  /** Where s3rver keeps an object's bytes: its time is the object's LastModified. */
  fileOf: (key: string) => string;
  stop: () => Promise<void>;
};

/** An S3-compatible store (s3rver) on loopback with one empty bucket, for the S3 back end. */
export async function startLocalS3(): Promise<LocalS3> {
  const directory = makeWorkDir("s3rver-");
  const server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const bucket = "media";
  // s3rver's fixed development keys.
  const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  const client = new S3Client({ region: "us-east-1", endpoint, forcePathStyle: true, credentials });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    env: {
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: "1",
    },
    client,
    bucket,
    has: async (key) => {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (error) {
        if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
        throw error;
      }
    },
    put: async (key, body, contentType) => {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }));
    },
    keys: async (prefix) => {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
      return (page.Contents ?? []).map((item) => item.Key!);
    },
    fileOf: (key) => path.join(directory, bucket, `${key}._S3rver_object`),
    stop: async () => {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
