import type { RunningServer } from "./server";

/** A valid contact message; `lastName` tells the test's rows apart. */
export function contactMessage(lastName: string, message = "Is the Oak Street home still available?") {
  return { firstName: "Ana", lastName, email: "ana@example.com", subject: "rental-inquiry", message };
}

/** POST /api/contact as a JSON client sends it. */
export function postContactJson(app: RunningServer, body: unknown) {
  return fetch(`${app.url}/api/contact`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
}

/** The home page's contact form as a Spanish-speaking browser without JavaScript posts it. */
export function postSpanishContactForm(app: RunningServer, fields: Record<string, string>) {
  return fetch(`${app.url}/?index`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
      "Accept-Language": "es-MX,es;q=0.9",
      Origin: app.url,
    },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}
