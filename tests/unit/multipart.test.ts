import { PassThrough, Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { MultipartLimitExceeded, MultipartUnreadable, readMultipart, type MultipartLimits, type MultipartPart } from "~/http/multipart.server";

/**
 * The site's multipart reader (app/http/multipart.server.ts, @fastify/busboy, decision
 * 067) by itself: parts in order, a file's bytes handed over while they arrive, and each
 * limit and broken body answered with its own error, never with an exception nobody
 * catches. The forms' rules on top of it are tested through the server
 * (tests/integration/form-bodies.test.ts, media-uploads.test.ts).
 */

const BOUNDARY = "----unitMultipart7MA4YWxk";
const TYPE = `multipart/form-data; boundary=${BOUNDARY}`;
const LIMITS: MultipartLimits = { parts: 10, textBytes: 1024, fileBytes: 4096 };

type Part = { name: string | null; value?: string | Buffer; filename?: string; type?: string; headers?: string };

function partBytes({ name, value = "", filename, type, headers }: Part): Buffer {
  const disposition = headers ?? `Content-Disposition: form-data${name === null ? "" : `; name="${name}"`}${filename === undefined ? "" : `; filename="${filename}"`}${type ? `\r\nContent-Type: ${type}` : ""}`;
  return Buffer.concat([Buffer.from(`--${BOUNDARY}\r\n${disposition}\r\n\r\n`), Buffer.from(value), Buffer.from("\r\n")]);
}

function body(parts: Part[], { closed = true } = {}): Buffer {
  return Buffer.concat([...parts.map(partBytes), Buffer.from(closed ? `--${BOUNDARY}--\r\n` : "")]);
}

type Seen = { kind: string; name: string; value?: string; truncated?: boolean; filename?: string; contentType?: string; bytes?: number };

/** Reads `bytes`, each file part read to its end: what was seen, and how it ended. */
async function read(bytes: Buffer, limits = LIMITS, contentType = TYPE): Promise<{ seen: Seen[]; error: unknown }> {
  const seen: Seen[] = [];
  const onPart = async (part: MultipartPart) => {
    if (part.kind === "text") return void seen.push({ kind: "text", name: part.name, value: part.value, truncated: part.truncated });
    const file: Seen = { kind: "file", name: part.name, filename: part.filename, contentType: part.contentType, bytes: 0 };
    seen.push(file);
    for await (const chunk of part.data) file.bytes! += (chunk as Buffer).length;
  };
  try {
    await readMultipart(contentType, Readable.from([bytes]), limits, onPart);
    return { seen, error: null };
  } catch (error) {
    return { seen, error };
  }
}

describe("readMultipart", () => {
  it("hands over text and file parts in order, a file by its base name, whatever its type; text in UTF-8", async () => {
    const { seen, error } = await read(
      body([
        { name: "name", value: "Casa del Niño" },
        { name: "file", value: Buffer.alloc(3000, 7), filename: "C:\\fotos\\niño.jpg", type: "image/jpeg" },
        { name: "note", value: "plain", type: "application/octet-stream" },
        { name: "file", filename: "", type: "application/octet-stream" },
      ]),
    );
    expect(error).toBeNull();
    expect(seen).toEqual([
      { kind: "text", name: "name", value: "Casa del Niño", truncated: false },
      { kind: "file", name: "file", filename: "niño.jpg", contentType: "image/jpeg", bytes: 3000 },
      // A part is a file by its file name only, as before.
      { kind: "text", name: "note", value: "plain", truncated: false },
      // A file input left empty: a file part with an empty name.
      { kind: "file", name: "file", filename: "", contentType: "application/octet-stream", bytes: 0 },
    ]);
  });

  it("hands a file's first bytes over before the rest of the body has arrived", async () => {
    const source = new PassThrough();
    const firstBytes = new Promise<number>((resolve, reject) => {
      readMultipart(TYPE, source, LIMITS, (part) => {
        if (part.kind !== "file") return;
        part.data.once("data", (chunk: Buffer) => resolve(chunk.length));
      }).catch(reject);
    });
    source.write(Buffer.concat([partBytes({ name: "file", filename: "a.jpg", value: Buffer.alloc(2000, 1) }).subarray(0, -2)]));
    // The closing boundary has not been sent: the part is not over, its bytes are here.
    expect(await firstBytes).toBeGreaterThan(0);
    source.end(Buffer.from(`\r\n--${BOUNDARY}--\r\n`));
  });

  it("cuts a text part at textBytes and says so", async () => {
    const { seen, error } = await read(body([{ name: "long", value: "x".repeat(1025) }, { name: "short", value: "x".repeat(1024) }]));
    expect(error).toBeNull();
    expect(seen.map(({ name, value, truncated }) => [name, value?.length, truncated])).toEqual([
      ["long", 1024, true],
      ["short", 1024, false],
    ]);
  });

  it("fails a file part past fileBytes, and the reading with it", async () => {
    const accepted = await read(body([{ name: "file", filename: "a.jpg", value: Buffer.alloc(4096) }]));
    expect(accepted.error).toBeNull();
    const { error } = await read(body([{ name: "file", filename: "a.jpg", value: Buffer.alloc(4097) }, { name: "after", value: "x" }]));
    expect(error).toBeInstanceOf(MultipartLimitExceeded);
    expect((error as MultipartLimitExceeded).limit).toBe("file");
  });

  it("refuses the part past `parts`, those it skips (no form-data Content-Disposition) counted too", async () => {
    const named = Array.from({ length: 11 }, (_, i) => ({ name: `f${i}`, value: "x" }));
    const tooMany = await read(body(named));
    expect(tooMany.error).toBeInstanceOf(MultipartLimitExceeded);
    expect((tooMany.error as MultipartLimitExceeded).limit).toBe("parts");
    // A text part is handed over at its end, which the part past the limit may come before.
    expect(tooMany.seen.length).toBeLessThanOrEqual(10);
    expect((await read(body(named.slice(0, 10)))).error).toBeNull();

    const skipped = Array.from({ length: 11 }, () => ({ name: null, headers: "Content-Type: text/plain" }));
    const unseen = await read(body(skipped));
    expect(unseen.seen).toEqual([]);
    expect((unseen.error as MultipartLimitExceeded).limit).toBe("parts");
  });

  it.each([
    ["no boundary", body([{ name: "a", value: "1" }]), "multipart/form-data"],
    ["an empty boundary", body([{ name: "a", value: "1" }]), "multipart/form-data; boundary="],
    ["a part without a name", body([{ name: null, value: "1" }]), TYPE],
    ["a part with an empty name", body([{ name: "", value: "1" }]), TYPE],
    ["no closing boundary", body([{ name: "a", value: "1" }], { closed: false }), TYPE],
    ["another boundary than the one announced", body([{ name: "a", value: "1" }]), "multipart/form-data; boundary=not-this-one"],
  ])("reads %s as unreadable", async (_case, bytes, contentType) => {
    const { error } = await read(bytes, LIMITS, contentType);
    expect(error).toBeInstanceOf(MultipartUnreadable);
  });

  it("ends a body cut off inside a file part nobody reads as unreadable, without an error nobody listens to", async () => {
    const cut = Buffer.concat([partBytes({ name: "file", filename: "a.jpg", value: Buffer.alloc(3000) }).subarray(0, 1000)]);
    const failed = readMultipart(TYPE, Readable.from([cut]), LIMITS, (part) => {
      if (part.kind === "file") part.data.resume();
    });
    await expect(failed).rejects.toBeInstanceOf(MultipartUnreadable);
  });

  it("fails a file part with the reading's failure even when its reader starts reading later", async () => {
    const cut = Buffer.concat([partBytes({ name: "file", filename: "a.jpg", value: Buffer.alloc(3000) }).subarray(0, 1000)]);
    let readerSaw: unknown = null;
    const reading = readMultipart(TYPE, Readable.from([cut]), LIMITS, async (part) => {
      if (part.kind !== "file") return;
      // As the quarantine does: a folder made first, then the part piped.
      await new Promise((resolve) => setTimeout(resolve, 30));
      await new Promise<void>((resolve, reject) => {
        part.data.on("error", (error) => reject((readerSaw = error)));
        part.data.on("end", resolve);
        part.data.resume();
      });
    });
    await expect(reading).rejects.toBeInstanceOf(MultipartUnreadable);
    expect(readerSaw).toBeInstanceOf(Error);
  });

  it("fails with what a part's reader threw, and hands over no part after it", async () => {
    const seen: string[] = [];
    const refused = new Error("refused");
    const reading = readMultipart(TYPE, Readable.from([body([{ name: "a", value: "1" }, { name: "b", value: "2" }, { name: "c", value: "3" }])]), LIMITS, (part) => {
      seen.push(part.name);
      if (part.name === "b") throw refused;
    });
    await expect(reading).rejects.toBe(refused);
    expect(seen).toEqual(["a", "b"]);
  });

  it("fails the file part being read with the body's own error (a size cap's), and waits for its reader", async () => {
    const source = new PassThrough();
    const capped = Object.assign(new Error("More bytes than allowed"), { name: "TooLarge" });
    let readerSaw: unknown = null;
    let readerDone = false;
    const reading = readMultipart(TYPE, source, LIMITS, async (part) => {
      if (part.kind !== "file") return;
      try {
        for await (const chunk of part.data) void chunk;
      } catch (error) {
        readerSaw = error;
        await new Promise((resolve) => setTimeout(resolve, 20));
        readerDone = true;
        throw error;
      }
    });
    source.write(partBytes({ name: "file", filename: "a.jpg", value: Buffer.alloc(2000) }).subarray(0, 500));
    await new Promise((resolve) => setTimeout(resolve, 20));
    source.destroy(capped);
    await expect(reading).rejects.toBe(capped);
    expect(readerSaw).toBe(capped);
    expect(readerDone).toBe(true);
  });

  it("waits for every part's reader before it resolves", async () => {
    let stored = false;
    await readMultipart(TYPE, Readable.from([body([{ name: "file", filename: "a.jpg", value: "abc" }, { name: "after", value: "x" }])]), LIMITS, async (part) => {
      if (part.kind !== "file") return;
      for await (const chunk of part.data) void chunk;
      await new Promise((resolve) => setTimeout(resolve, 30));
      stored = true;
    });
    expect(stored).toBe(true);
  });

  it("drops what a reader left of its file part, so the reading goes on", async () => {
    const names: string[] = [];
    await readMultipart(TYPE, Readable.from([body([{ name: "file", filename: "a.jpg", value: Buffer.alloc(200_000) }, { name: "after", value: "x" }])]), LIMITS_FOR_BIG, (part) => {
      names.push(part.name);
    });
    expect(names).toEqual(["file", "after"]);
  });
});

const LIMITS_FOR_BIG: MultipartLimits = { ...LIMITS, fileBytes: 1_000_000 };
