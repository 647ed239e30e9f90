import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, it } from "vitest";
import { eventually } from "../support/eventually";
import { makeWorkDir, startServer, withServerDatabase, type RunningServer } from "../support/server";

// Decision 026: a worker's lease on the mail it sends lasts 15 s and is renewed while the
// attempt goes on. Two processes share one database and one SMTP server that takes 20 s
// to accept the first message: the other process must not take that mail over when 15 s
// have passed, so the mail arrives once.

const SLOW_ACCEPT_MS = 20_000;
const MAIL_FROM = "office@example.com";

/** An SMTP server on loopback that holds its answer to the first message for SLOW_ACCEPT_MS. */
async function startSlowSmtpServer() {
  const received: string[] = [];
  let first = true;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push(Buffer.concat(chunks).toString("utf8"));
        const delay = first ? SLOW_ACCEPT_MS : 0;
        first = false;
        setTimeout(() => callback(), delay);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let slow: Awaited<ReturnType<typeof startSlowSmtpServer>> | undefined;
const servers: RunningServer[] = [];

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await slow?.stop();
});

describe("the lease on mail being sent", () => {
  it("is kept while an attempt takes longer than the lease, so a second process does not send the mail again", { timeout: 60_000 }, async () => {
    slow = await startSlowSmtpServer();
    const workDir = makeWorkDir("mail-lease-renewal-");
    const env = { SMTP_URL: `smtp://127.0.0.1:${slow.port}`, MAIL_FROM, SEED_DEMO: "0", LOG_LEVEL: "error" };
    servers.push(await startServer({ workDir, env }));
    servers.push(await startServer({ workDir, env }));
    const [first] = servers;
    const lastName = `Slow${Date.now().toString(36)}`;

    const response = await fetch(`${first.url}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: first.url },
      body: JSON.stringify({ firstName: "Ana", lastName, email: "ana@example.com", subject: "other", message: "Sent to a slow mail server." }),
    });
    expect(response.status).toBe(201);

    const sentAt = () =>
      withServerDatabase(first, (db) => db.prepare("select sent_at as sentAt from mail_queue where subject like ?").get(`%${lastName}%`) as { sentAt: number | null });
    await eventually(() => (sentAt().sentAt !== null ? true : undefined), 40_000);
    // Both workers have looked at the queue many times since the lease was first taken.
    // No second copy can be on its way: both servers stop (each worker finishes the mail
    // it is sending first, and exits cleanly); the SMTP server keeps a message before it
    // answers that it accepted it.
    expect(await Promise.all(servers.map((server) => server.stop()))).toEqual([0, 0]);
    expect(slow.received.filter((raw) => raw.includes(lastName))).toHaveLength(1);
  });
});
