// A real SMTP server for tests, run as its own process so a test can take it down and
// bring it back like an outage: accepts any mail without authentication and prints each
// message on stdout as one JSON line. Usage: node smtp-sink.mjs PORT [--dir DIR]
// With --dir each message is also written there as one JSON file (same record), for
// readers that cannot see the process's stdout (Playwright starts it as a web server).
// A line written to its stdin is answered on stdout as {"caughtUp": line}, after every
// message line already written: a reader that has the answer has read them all.
import fs from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

const port = Number(process.argv[2]);
const dirFlag = process.argv.indexOf("--dir");
const mailDir = dirFlag > 0 ? process.argv[dirFlag + 1] : null;
if (!Number.isInteger(port) || port <= 0 || (dirFlag > 0 && !mailDir)) {
  console.error("usage: node smtp-sink.mjs PORT [--dir DIR]");
  process.exit(2);
}
if (mailDir) fs.mkdirSync(mailDir, { recursive: true });
let received = 0;

/** Written then renamed, so a reader polling the folder never sees half a file. */
function saveToDir(record) {
  received += 1;
  const name = `${Date.now()}-${process.pid}-${String(received).padStart(6, "0")}.json`;
  const file = path.join(mailDir, name);
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(record));
  fs.renameSync(`${file}.tmp`, file);
}

const server = new SMTPServer({
  authOptional: true,
  // Plain SMTP on loopback: no certificate to trust, nothing to upgrade to.
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  // Loopback only: the client's name is known, and a reverse DNS lookup per connection
  // (up to its timeout where no resolver answers) slows every test that sends mail.
  disableReverseLookup: true,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on("data", (chunk) => chunks.push(chunk));
    stream.on("end", () => {
      const record = {
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
        to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        raw: Buffer.concat(chunks).toString("utf8"),
      };
      if (mailDir) saveToDir(record);
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

// Every message is printed before the client is told it was accepted (onData above), so
// the answer to a line sent after a client saw its mail accepted comes after that mail.
if (!process.stdin.isTTY) {
  let pending = "";
  process.stdin.setEncoding("utf8");
  process.stdin.on("data", (chunk) => {
    pending += chunk;
    let newline;
    while ((newline = pending.indexOf("\n")) >= 0) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      process.stdout.write(JSON.stringify({ caughtUp: line }) + "\n");
    }
  });
}

const stop = () => {
  server.close(() => process.exit(0));
  // A client still connected must not keep the "outage" from starting.
  setTimeout(() => process.exit(0), 2000).unref();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
