import Bowser from "bowser";

/** At most this long in the sessions list, whatever a client sends as its User-Agent. */
const MAX_LENGTH = 80;

/**
 * A session's device as its admin would name it ("Safari on iOS, mobile"), from the
 * User-Agent at sign-in, so they can tell their phone from the office computer in the
 * Admins tab. Parsed by bowser; an unknown or missing agent is "Unknown device".
 */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const { browser, os, platform } = Bowser.parse(userAgent.slice(0, 512));
  const parts = [browser.name, os.name ? `on ${os.name}` : null].filter(Boolean).join(" ");
  const kind = platform.type && platform.type !== "desktop" ? `, ${platform.type}` : "";
  const description = parts ? `${parts}${kind}` : "Unknown device";
  return description.length > MAX_LENGTH ? `${description.slice(0, MAX_LENGTH - 1)}…` : description;
}
