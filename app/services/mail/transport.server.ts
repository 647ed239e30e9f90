import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
// The file itself: the server build is ES modules, which cannot import a folder.
import * as qp from "nodemailer/lib/qp/index.js";
import { config } from "~/config/env.server";
import { log } from "~/config/logger.server";
import { escapeHtml } from "~/utils/html";
import { writeWholeFile } from "~/utils/whole-file.server";
import type { QueuedMail } from "./queue.server";

/**
 * How a queued message leaves: through SMTP_URL, or without it as an .eml file in
 * ./data/outbox/.
 */

type Delivery = { transporter: Transporter; outboxDir: string | null };

let delivery: Delivery | null = null;

function getDelivery(): Delivery {
  if (delivery) return delivery;
  const { smtpUrl, dataDir } = config();
  delivery = smtpUrl
    ? {
        // An unreachable server must fail an attempt quickly, not hold the queue for minutes.
        // (nodemailer 10 applies these beside `url`; 7 dropped them for its defaults.)
        transporter: nodemailer.createTransport({
          url: smtpUrl,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        }),
        outboxDir: null,
      }
    : {
        transporter: nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }),
        outboxDir: path.join(dataDir, "outbox"),
      };
  return delivery;
}

// RFC 5322 2.1.1 and RFC 2045 2.8: at most 998 octets to a line, without the CRLF.
const MAX_LINE_OCTETS = 998;

/** 8-bit data as RFC 2045 2.8 allows it once line breaks are CRLF: no NUL, no line over 998 octets. */
function isValid8bit(crlfText: string): boolean {
  return !crlfText.includes("\0") && crlfText.split("\r\n").every((line) => Buffer.byteLength(line, "utf8") <= MAX_LINE_OCTETS);
}

/**
 * The text part, as a raw MIME part (decision 034). As 8-bit, unencoded lines whenever
 * the text is valid 8-bit data: nodemailer would pick quoted-printable for any line over
 * 76 characters, which breaks a sign-in link ("=3D", soft line breaks) for anyone reading
 * the raw message. A text with a longer line (a visitor's 5,000 characters without a
 * break) or a NUL is sent quoted-printable instead, encoded by nodemailer, whose lines
 * stay within 76 characters; a mail client shows the same text either way.
 */
export function plainTextPart(text: string): string {
  const body = text.replace(/\r\n|\r|\n/g, "\r\n");
  if (isValid8bit(body)) {
    return `Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n${body}`;
  }
  const encoded = qp.wrap(qp.encode(Buffer.from(body, "utf8")), 76);
  return `Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n${encoded}`;
}

export async function deliver(row: QueuedMail) {
  const { transporter, outboxDir } = getDelivery();
  const info = await transporter.sendMail({
    from: config().mailFrom,
    to: row.recipient,
    replyTo: row.replyTo ?? undefined,
    subject: row.subject,
    // nodemailer reads a raw part as is.
    text: { raw: plainTextPart(row.textBody) },
    // Always two parts: nodemailer sends a lone raw part as the whole message, without
    // From, To or Subject, so a text-only mail gets its text as HTML too.
    html: row.htmlBody ?? `<pre style="font-family:inherit;white-space:pre-wrap">${escapeHtml(row.textBody)}</pre>`,
    date: row.createdAt,
    attachments: row.attachments?.map(({ filename, contentType, content }) => ({ filename, contentType, content })),
    headers: row.headers ?? undefined,
  });
  if (outboxDir) {
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const file = path.join(outboxDir, `${stamp}-${row.id}.eml`);
    // Whoever watches the folder never reads half a message.
    await writeWholeFile(file, info.message as Buffer);
    log.info("mail: written to the outbox", { id: row.id, file });
  } else {
    log.info("mail: sent", { id: row.id, messageId: info.messageId });
  }
}

/** Closes the SMTP connection (at shutdown); the next delivery opens a new one. */
export function closeTransport() {
  delivery?.transporter.close();
  delivery = null;
}
