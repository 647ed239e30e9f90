// A real SMTP server for tests, run as its own process so a test can take it down and
// bring it back like an outage: accepts any mail without authentication and prints each
// message on stdout as one JSON line. Usage: node smtp-sink.mjs PORT
import { SMTPServer } from "smtp-server";

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) {
  console.error("usage: node smtp-sink.mjs PORT");
  process.exit(2);
}

const server = new SMTPServer({
  authOptional: true,
  // Plain SMTP on loopback: no certificate to trust, nothing to upgrade to.
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on("data", (chunk) => chunks.push(chunk));
    stream.on("end", () => {
      const record = {
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
        to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        raw: Buffer.concat(chunks).toString("utf8"),
      };
      process.stdout.write(JSON.stringify(record) + "\n");
      callback();
    });
  },
});

server.on("error", (error) => {
  console.error(`smtp-sink: ${error.message}`);
  process.exit(1);
});

server.listen(port, "127.0.0.1", () => {
  process.stdout.write(JSON.stringify({ ready: true, port }) + "\n");
});

const stop = () => {
  server.close(() => process.exit(0));
  // A client still connected must not keep the "outage" from starting.
  setTimeout(() => process.exit(0), 2000).unref();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
