import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeWholeFile } from "~/utils/whole-file.server";

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "whole-file-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A source that gives its first chunk, then waits to be let go before the rest (or a failure). */
function heldSource(first: Buffer, rest: Buffer) {
  let letGo!: (outcome: "rest" | "fail") => void;
  const outcome = new Promise<"rest" | "fail">((resolve) => (letGo = resolve));
  let firstGiven!: () => void;
  const started = new Promise<void>((resolve) => (firstGiven = resolve));
  async function* chunks() {
    yield first;
    firstGiven();
    if ((await outcome) === "fail") throw new Error("the source broke off");
    yield rest;
  }
  return { chunks: chunks(), started, letGo };
}

const otherFiles = (file: string) => fs.readdirSync(path.dirname(file)).filter((name) => name !== path.basename(file));

describe("writeWholeFile", () => {
  it("shows nothing at the path while it writes, then the whole content, and leaves no other file", async () => {
    const file = path.join(dir, "new", "photo.webp");
    const source = heldSource(Buffer.alloc(64 * 1024, 1), Buffer.alloc(64 * 1024, 2));
    const writing = writeWholeFile(file, source.chunks);
    await source.started;
    expect(fs.existsSync(file)).toBe(false);
    source.letGo("rest");
    await writing;
    expect(fs.readFileSync(file)).toEqual(Buffer.concat([Buffer.alloc(64 * 1024, 1), Buffer.alloc(64 * 1024, 2)]));
    expect(otherFiles(file)).toEqual([]);
  });

  it("keeps the old content whole until the new one is complete", async () => {
    const file = path.join(dir, "message.eml");
    fs.writeFileSync(file, "the old message");
    const source = heldSource(Buffer.from("the new "), Buffer.from("message"));
    const writing = writeWholeFile(file, source.chunks);
    await source.started;
    expect(fs.readFileSync(file, "utf8")).toBe("the old message");
    source.letGo("rest");
    await writing;
    expect(fs.readFileSync(file, "utf8")).toBe("the new message");
  });

  it("fails with its source, leaving the path as it was and no partial file", async () => {
    const file = path.join(dir, "photo.webp");
    fs.writeFileSync(file, "a whole image");
    const source = heldSource(Buffer.alloc(1024, 7), Buffer.alloc(1024, 8));
    const writing = writeWholeFile(file, source.chunks);
    await source.started;
    source.letGo("fail");
    await expect(writing).rejects.toThrow("the source broke off");
    expect(fs.readFileSync(file, "utf8")).toBe("a whole image");
    expect(otherFiles(file)).toEqual([]);
  });

  it("writes a buffer whole", async () => {
    const file = path.join(dir, "a", "b", "object.png");
    await writeWholeFile(file, Buffer.from("png bytes"));
    expect(fs.readFileSync(file, "utf8")).toBe("png bytes");
    expect(otherFiles(file)).toEqual([]);
  });
});
