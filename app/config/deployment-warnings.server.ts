import { DEFAULT_MAIL_FROM, type Config } from "./env.server";

/** Hosts that only this machine reaches: a developer's or a test's site, not a public one. */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return host === "localhost" || host.endsWith(".localhost") || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * nodemailer upgrades an smtp:// connection with STARTTLS only when the relay offers it,
 * and otherwise sends in clear; `requireTLS=true` in the URL (nodemailer reads its query
 * as options) makes it refuse instead. A relay on this machine is not on the network.
 */
function mayTravelInClear(smtpUrl: URL): boolean {
  return smtpUrl.protocol === "smtp:" && !isLocalHost(smtpUrl.hostname) && smtpUrl.searchParams.get("requireTLS") !== "true";
}

export type DeploymentWarning = { variable: string; message: string };

/**
 * What a public site (an APP_URL other people reach) still runs with from the defaults
 * meant for a first local try. Each is legal, so the server starts anyway; each is said
 * once at start, at `warn`, so whoever reads the container's log sees what to set.
 * A local site gets none: there the defaults are the point.
 */
export function deploymentWarnings(config: Config): DeploymentWarning[] {
  if (isLocalHost(new URL(config.appUrl).hostname)) return [];
  const warnings: DeploymentWarning[] = [];
  if (!config.appUrlIsHttps) {
    warnings.push({
      variable: "APP_URL",
      message: "APP_URL is plain http: the site sends no HSTS and its cookies are not Secure. Serve it through a TLS proxy and set APP_URL to its https:// address.",
    });
  }
  if (!config.smtpUrl) {
    warnings.push({
      variable: "SMTP_URL",
      message: "SMTP_URL is not set: contact notifications and sign-in links are only written to data/outbox/, and nobody receives them.",
    });
  }
  if (config.smtpUrl && mayTravelInClear(new URL(config.smtpUrl))) {
    warnings.push({
      variable: "SMTP_URL",
      message:
        "SMTP_URL is smtp:// to another machine without requireTLS: a relay that offers no STARTTLS receives sign-in links and messages in clear. Use smtps://, or add ?requireTLS=true to the URL.",
    });
  }
  if (config.mailFrom === DEFAULT_MAIL_FROM) {
    warnings.push({
      variable: "MAIL_FROM",
      message: `MAIL_FROM is ${DEFAULT_MAIL_FROM}: mail goes out from an address no one can answer, and contact messages go to it until an admin sets a contact e-mail.`,
    });
  }
  if (config.seedDemo) {
    warnings.push({
      variable: "SEED_DEMO",
      message: "SEED_DEMO is on: the demo homes, FAQs and photos are published on a database that has not had them yet. Set SEED_DEMO=0 for the real site.",
    });
  }
  return warnings;
}
