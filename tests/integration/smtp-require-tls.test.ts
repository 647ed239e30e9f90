import { afterEach, describe, expect, it } from "vitest";
import { contactMessage, postContactJson } from "../support/contact-posts";
import { eventually } from "../support/eventually";
import { logLines } from "../support/log-lines";
import { freePort, startServer, type RunningServer } from "../support/server";
import { startSmtpSink, type SmtpSink } from "../support/smtp";

// The remedy the start-up warning names for a relay reached over smtp://: with
// `?requireTLS=true` in SMTP_URL, a relay that offers no STARTTLS gets nothing in clear;
// the mail stays queued and the log says why. The sink offers no STARTTLS.

let app: RunningServer | undefined;
let sink: SmtpSink | undefined;
afterEach(async () => {
  await app?.stop();
  await sink?.stop();
  app = sink = undefined;
});

async function siteMailingThrough(query: string) {
  sink = await startSmtpSink(await freePort());
  app = await startServer({ env: { SMTP_URL: `smtp://127.0.0.1:${sink.port}${query}`, MAIL_FROM: "office@example.com", LOG_LEVEL: "info" } });
  return app;
}

describe("an smtp:// relay that offers no STARTTLS", () => {
  it("with requireTLS=true in SMTP_URL gets no mail: the message is stored, the attempt fails and waits for a retry", async () => {
    const site = await siteMailingThrough("?requireTLS=true");
    expect((await postContactJson(site, contactMessage("Cleartext"))).status).toBe(201);
    const failed = await eventually(() => logLines(site.output()).find((line) => line.msg === "mail: attempt failed, will retry"));
    expect(String(failed.error)).toMatch(/STARTTLS/);
    expect(sink!.messages()).toEqual([]);
  });

  it("without it receives the mail (nodemailer sends in clear when STARTTLS is not offered)", async () => {
    const site = await siteMailingThrough("");
    expect((await postContactJson(site, contactMessage("Cleartext"))).status).toBe(201);
    const mail = await sink!.waitFor((received) => received.raw.includes("Cleartext"));
    expect(mail.to).toEqual(["office@example.com"]);
  });
});
