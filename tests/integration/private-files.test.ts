import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { contactMessage, postContactJson } from "../support/contact-posts";
import { eventually } from "../support/eventually";
import { makeWorkDir, runBuilt, startServer, type RunningServer } from "../support/server";

// What the site keeps (the database and its WAL, sign-in links and leads in the outbox,
// uploads and their resized copies, backups) is readable by the server's user only,
// whatever umask it was started with: here the loosest, 000.
const LOOSE_UMASK = ["sh", "-c", 'umask 000; exec "$@"', "sh"];
const ADMIN = "owner@example.com";

type Entry = { path: string; mode: string; kind: "file" | "folder" };

function modesUnder(root: string): Entry[] {
  const entries: Entry[] = [];
  const walk = (folder: string) => {
    entries.push({ path: path.relative(root, folder) || ".", mode: (fs.statSync(folder).mode & 0o777).toString(8), kind: "folder" });
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const target = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(target);
      else entries.push({ path: path.relative(root, target), mode: (fs.statSync(target).mode & 0o777).toString(8), kind: "file" });
    }
  };
  walk(root);
  return entries;
}

function notPrivate(entries: Entry[]): Entry[] {
  return entries.filter((entry) => entry.mode !== (entry.kind === "file" ? "600" : "700"));
}

function runLoosely(name: "db-backup" | "db-restore", args: string[], cwd: string): Promise<{ code: number | null; output: string }> {
  const child = runBuilt(name, args, { cwd, launcher: LOOSE_UMASK });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, output })));
}

describe("the files the site keeps", () => {
  let app: RunningServer | undefined;
  afterEach(async () => {
    await app?.stop();
    app = undefined;
  });

  it("are created 0600 in 0700 folders under umask 000, and older loose ones are tightened at start", { timeout: 60_000 }, async () => {
    const workDir = makeWorkDir();
    // As an earlier version under umask 022 left them.
    const data = path.join(workDir, "data");
    fs.mkdirSync(path.join(data, "outbox"), { recursive: true, mode: 0o755 });
    fs.chmodSync(data, 0o755);
    fs.chmodSync(path.join(data, "outbox"), 0o755);
    fs.writeFileSync(path.join(data, "outbox", "earlier.eml"), "Subject: an earlier lead\n\n", { mode: 0o644 });
    fs.chmodSync(path.join(data, "outbox", "earlier.eml"), 0o644);

    // No SMTP_URL: every mail (sign-in links, leads) is written into data/outbox.
    app = await startServer({ workDir, launcher: LOOSE_UMASK, env: { ADMIN_EMAILS: ADMIN } });
    expect((await postContactJson(app, contactMessage("Private"))).status).toBe(201);
    const linkRequest = await fetch(`${app.url}/api/admin/auth/magic/request`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: app.url },
      body: JSON.stringify({ email: ADMIN }),
    });
    expect(linkRequest.status).toBe(200);
    const heroes = (await (await fetch(`${app.url}/api/hero-images`)).json()) as Array<{ filePath: string }>;
    const variant = await fetch(`${app.url}/variants/320/${heroes[0].filePath.replace("/objects/", "")}`);
    expect(variant.status).toBe(200);
    await variant.arrayBuffer();
    // The two mails reach the outbox, beside the earlier one.
    await eventually(() => (fs.readdirSync(path.join(data, "outbox")).filter((name) => name.endsWith(".eml")).length >= 3 ? true : undefined));

    const entries = modesUnder(data);
    const names = entries.map((entry) => entry.path);
    // What this test means to look at is there: the database with its WAL, the mails, an
    // upload and its resized copy, the session secret.
    for (const expected of ["app.db", "app.db-wal", "app.db-shm", "session-secret", "outbox/earlier.eml"]) expect(names).toContain(expected);
    expect(names.some((name) => name.startsWith("uploads/") && name.endsWith(".webp"))).toBe(true);
    expect(names.some((name) => name.startsWith("cache/variants/") && entries.find((entry) => entry.path === name)?.kind === "file")).toBe(true);
    expect(entries.filter((entry) => entry.path.startsWith("outbox/")).length).toBeGreaterThanOrEqual(3);
    expect(notPrivate(entries)).toEqual([]);
  });

  it("hold for a backup, and for a restored database", { timeout: 60_000 }, async () => {
    const workDir = makeWorkDir();
    app = await startServer({ workDir, launcher: LOOSE_UMASK });
    const backupDir = path.join(makeWorkDir(), "backups");
    const backup = path.join(backupDir, "site.db");
    const made = await runLoosely("db-backup", [backup], workDir);
    expect(made.code, made.output).toBe(0);
    expect((fs.statSync(backup).mode & 0o777).toString(8)).toBe("600");
    expect((fs.statSync(backupDir).mode & 0o777).toString(8)).toBe("700");
    await app.stop();
    app = undefined;

    // The database being replaced was left world-readable; the restored one is not.
    const target = path.join(workDir, "data", "app.db");
    fs.chmodSync(target, 0o644);
    const restored = await runLoosely("db-restore", [backup], workDir);
    expect(restored.code, restored.output).toBe(0);
    expect((fs.statSync(target).mode & 0o777).toString(8)).toBe("600");
    const kept = fs.readdirSync(path.dirname(target)).filter((name) => name.startsWith("app.db.replaced-"));
    expect(kept.length).toBe(1);
    expect((fs.statSync(path.join(path.dirname(target), kept[0])).mode & 0o777).toString(8)).toBe("600");
  });
});
