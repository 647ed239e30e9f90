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
  /**
   * Resolves once `messages()` holds every message the sink had accepted when this was
   * called: a mail whose sender was told it was accepted is there, so a count taken
   * after it is final for everything sent up to then (no "wait and see" needed).
   */
  caughtUp: () => Promise<void>;
  stop: () => Promise<void>;
};

const SINK = path.join(ROOT, "tests/support/smtp-sink.mjs");

/**
 * Starts tests/support/smtp-sink.mjs on the port (a separate process) and waits until it
 * listens; with `dir`, it also files each message there (for readers in other processes).
 */
export async function startSmtpSink(port: number, options: { dir?: string } = {}): Promise<SmtpSink> {
  const args = [SINK, String(port), ...(options.dir ? ["--dir", options.dir] : [])];
  const child: ChildProcess = spawn(process.execPath, args, { stdio: ["pipe", "pipe", "pipe"] });
  const received: ReceivedMail[] = [];
  // Called with each message as it comes in (waitFor's pending waits).
  const arrivals = new Set<() => void>();
  // The sink's answers to caughtUp(), by the line asked with.
  const caughtUp = new Map<string, () => void>();
  let asked = 0;
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
      else if (record.caughtUp !== undefined) caughtUp.get(record.caughtUp)?.();
      else {
        received.push(record as ReceivedMail);
        for (const arrived of arrivals) arrived();
      }
    }
  });
  child.stderr?.on("data", (chunk: Buffer) => (errors += chunk.toString("utf8")));
  // A line written after the sink has gone fails (EPIPE); caughtUp() then says it exited.
  child.stdin?.on("error", () => {});
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
    waitFor: (match, timeoutMs = 20_000) => {
      const found = received.find(match);
      if (found) return Promise.resolve(found);
      // Looked at again as each message arrives, rather than on a clock.
      return new Promise<ReceivedMail>((resolve, reject) => {
        const timer = setTimeout(() => {
          arrivals.delete(arrived);
          reject(new Error(`no matching mail within ${timeoutMs} ms (got ${received.length})`));
        }, timeoutMs);
        const arrived = () => {
          const hit = received.find(match);
          if (!hit) return;
          clearTimeout(timer);
          arrivals.delete(arrived);
          resolve(hit);
        };
        arrivals.add(arrived);
      });
    },
    caughtUp: async () => {
      const line = String(++asked);
      const answered = new Promise<void>((resolve) => caughtUp.set(line, resolve));
      child.stdin?.write(`${line}\n`);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("the SMTP sink did not answer within 10 s")), 10_000)));
      try {
        await Promise.race([answered, timeout, exited.then(() => Promise.reject(new Error("the SMTP sink has exited")))]);
      } finally {
        clearTimeout(timer);
        caughtUp.delete(line);
      }
    },
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/**
 * How many of the received messages carry each name that `pattern` finds in them (the
 * first match a message): the tests of the mail queue expect every name exactly once.
 */
export function copiesByName(messages: ReceivedMail[], pattern: RegExp): Map<string, number> {
  const copies = new Map<string, number>();
  for (const mail of messages) {
    const name = pattern.exec(mail.raw)?.[0];
    if (name) copies.set(name, (copies.get(name) ?? 0) + 1);
  }
  return copies;
}

// ---------------------------------------------------------------------------------
// Reading what was received: the MIME parts of a message, decoded, so a test reads the
// text a mail client would show (nodemailer sends long lines quoted-printable).

/** `header` is the whole Content-Type (with its parameters: charset, method, name). */
export type MimePart = { contentType: string; body: string; header: string };

function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i], "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function splitHead(entity: string): { head: string; body: string } {
  const end = entity.indexOf("\n\n");
  const head = (end < 0 ? entity : entity.slice(0, end)).replace(/\n[ \t]+/g, " ");
  return { head, body: end < 0 ? "" : entity.slice(end + 2) };
}

function headerValue(head: string, name: string): string | undefined {
  const line = head.split("\n").find((item) => item.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

function decodeBody(head: string, body: string): string {
  const encoding = headerValue(head, "Content-Transfer-Encoding")?.toLowerCase();
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

/** The leaf parts of a message, through nested multiparts (a mail with an attachment). */
export function mimeParts(raw: string): MimePart[] {
  const { head, body } = splitHead(raw.replace(/\r\n/g, "\n"));
  const contentType = headerValue(head, "Content-Type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!/^multipart\//i.test(contentType) || !boundary) {
    return [{ contentType: contentType.split(";")[0].trim().toLowerCase(), body: decodeBody(head, body), header: contentType }];
  }
  const sections = body.split(`--${boundary}`).slice(1);
  return sections
    .filter((section) => !section.startsWith("--"))
    .flatMap((section) => {
      const entity = section.replace(/^\n/, "");
      const part = splitHead(entity);
      const header = headerValue(part.head, "Content-Type") ?? "text/plain";
      // A mail with an attachment nests its text and HTML in a multipart/alternative.
      if (/^multipart\//i.test(header)) return mimeParts(entity.replace(/\n$/, ""));
      const type = header.split(";")[0].trim().toLowerCase();
      // The newline before the next boundary belongs to the boundary.
      return [{ contentType: type, body: decodeBody(part.head, part.body.replace(/\n$/, "")), header }];
    });
}

/** A decoded header of the message (unfolded). */
export function mailHeader(raw: string, name: string): string | undefined {
  return headerValue(splitHead(raw.replace(/\r\n/g, "\n")).head, name);
}
