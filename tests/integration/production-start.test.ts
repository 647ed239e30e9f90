// Production runs plain JavaScript: `npm start` and the image's CMD are the same `node`
// command on the compiled server, and it serves from the runtime parts alone (the builds,
// public/, package.json and the packages), with no TypeScript source and no loader.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, makeWorkDir, ROOT } from "../support/server";

const packageJson = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
const startCommand: string = packageJson.scripts.start;

function dockerfileCmd(): string[] {
  const line = fs
    .readFileSync(path.join(ROOT, "Dockerfile"), "utf8")
    .split("\n")
    .find((l) => l.startsWith("CMD "));
  return JSON.parse(line!.slice("CMD ".length));
}

function filesUnder(dir: string, skip: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (full === skip) return [];
    return entry.isDirectory() ? filesUnder(full, skip) : [full];
  });
}

describe("the production start command", () => {
  let runtimeDir: string;
  let child: ReturnType<typeof spawn>;
  let url: string;
  let output = "";

  beforeAll(async () => {
    // What the image holds, laid out in a fresh folder (its ./data is a new database).
    runtimeDir = makeWorkDir("runtime-");
    for (const part of ["build", "public", "package.json"]) {
      fs.cpSync(path.join(ROOT, part), path.join(runtimeDir, part), { recursive: true });
    }
    fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(runtimeDir, "node_modules"), "dir");

    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const [command, ...args] = startCommand.split(/\s+/);
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: "127.0.0.1", APP_URL: url, LOG_LEVEL: "warn" };
    delete env.NODE_OPTIONS;
    delete env.DATABASE_PATH;
    child = spawn(command === "node" ? process.execPath : command, args, { cwd: runtimeDir, env, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));

    const deadline = Date.now() + 45_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output}`);
      const healthy = await fetch(`${url}/healthz`).then((r) => r.ok, () => false);
      if (healthy) break;
      if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.on("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
  });

  it("is plain node on the compiled server, the same as the image's CMD", () => {
    expect(startCommand).toBe("node build/server.js");
    expect(dockerfileCmd()).toEqual(startCommand.split(" "));
  });

  it("runs with no TypeScript loader in its arguments or environment", () => {
    const cmdline = fs.readFileSync(`/proc/${child.pid}/cmdline`, "utf8").split("\0").filter(Boolean);
    expect(cmdline.slice(1)).toEqual(["build/server.js"]);
    const environ = fs.readFileSync(`/proc/${child.pid}/environ`, "utf8").split("\0");
    expect(environ.filter((v) => v.startsWith("NODE_OPTIONS="))).toEqual([]);
    expect(cmdline.join(" ")).not.toMatch(/tsx|ts-node|--loader|--import|--experimental-strip-types/);
  });

  it("needs no TypeScript source at run time", () => {
    const sources = filesUnder(runtimeDir, path.join(runtimeDir, "node_modules")).filter((f) => /\.tsx?$/.test(f));
    expect(sources).toEqual([]);
  });

  it("answers /healthz and serves the home page", async () => {
    const health = await fetch(`${url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    const home = await fetch(`${url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("<html");
    expect(fs.existsSync(path.join(runtimeDir, "data", "app.db"))).toBe(true);
  });
});
