// The README and docs/ stand alone for someone who has only the repository: every link
// and every relative path they name stays inside it, and every link leads to a file.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/server";

function markdownFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith(".md") ? [full] : [];
  });
}

const DOCUMENTS = [path.join(ROOT, "README.md"), ...markdownFiles(path.join(ROOT, "docs"))];

function insideRepository(file: string, target: string): boolean {
  const resolved = path.resolve(path.dirname(file), target);
  return resolved === ROOT || resolved.startsWith(ROOT.endsWith(path.sep) ? ROOT : ROOT + path.sep);
}

describe("README.md and docs/", () => {
  it.each(DOCUMENTS.map((file) => [path.relative(ROOT, file), file]))("%s names no path outside the repository", (_name, file) => {
    const text = fs.readFileSync(file, "utf8");
    const escaping = [...text.matchAll(/(?:^|[\s`("'[])((?:\.\.\/)+[^\s`)"']*)/g)]
      .map((match) => match[1])
      .filter((target) => !insideRepository(file, target));
    expect(escaping).toEqual([]);
  });

  it.each(DOCUMENTS.map((file) => [path.relative(ROOT, file), file]))("%s links only to files that exist", (_name, file) => {
    const text = fs.readFileSync(file, "utf8");
    const broken = [...text.matchAll(/\]\(([^)\s]+)\)/g)]
      .map((match) => match[1].split("#")[0])
      .filter((target) => target && !/^[a-z]+:/i.test(target))
      .filter((target) => !insideRepository(file, target) || !fs.existsSync(path.resolve(path.dirname(file), target)));
    expect(broken).toEqual([]);
  });
});
