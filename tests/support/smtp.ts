import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { ROOT } from "./server";

/** One message as the SMTP sink received it. */
export type ReceivedMail = { from: string | null; to: string[]; raw: string };

export type SmtpSink = {
  port: number;
  messages: () => ReceivedMail[];
  /** Resolves with the first message that matches, or rejects after timeoutMs. */
  waitFor: (match: (mail: ReceivedMail) => boolean, timeoutMs?: number) => Promise<ReceivedMail>;
  stop: () => Promise<void>;
};

const SINK = path.join(ROOT, "tests/support/smtp-sink.mjs");

/** Starts tests/support/smtp-sink.mjs on the port (a separate process) and waits until it listens. */
export async function startSmtpSink(port: number): Promise<SmtpSink> {
  const child: ChildProcess = spawn(process.execPath, [SINK, String(port)], { stdio: ["ignore", "pipe", "pipe"] });
  const received: ReceivedMail[] = [];
  let errors = "";
  let buffered = "";
  let signalReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (signalReady = resolve));

  child.stdout?.on("data", (chunk: Buffer) => {
    buffered += chunk.toString("utf8");
    let newline: number;
    while ((newline = buffered.indexOf("\n")) >= 0) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      if (!line.trim()) continue;
      const record = JSON.parse(line);
      if (record.ready) signalReady();
      else received.push(record as ReceivedMail);
    }
  });
  child.stderr?.on("data", (chunk: Buffer) => (errors += chunk.toString("utf8")));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));

  const outcome = await Promise.race([
    ready.then(() => "ready" as const),
    exited.then(() => "exited" as const),
    new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), 10_000)),
  ]);
  if (outcome !== "ready") {
    child.kill("SIGKILL");
    throw new Error(`SMTP sink did not start (${outcome}): ${errors}`);
  }

  return {
    port,
    messages: () => [...received],
    waitFor: async (match, timeoutMs = 20_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching mail within ${timeoutMs} ms (got ${received.length})`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
