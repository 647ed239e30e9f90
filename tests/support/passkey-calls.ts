import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import type { RunningServer } from "./server";
import type { SoftAuthenticator } from "./soft-authenticator";

/** The passkey JSON calls as a browser makes them, with a software authenticator answering. */

const cookieNamed = (answer: Response, name: string) => answer.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`))?.split(";")[0];

/** A passkey sign-in from a browser holding `cookie` (none, a session, a passkey step): the answer and its new session cookie. */
export async function passkeySignIn(app: Pick<RunningServer, "url">, key: SoftAuthenticator, cookie?: string) {
  const headers = { Origin: app.url, ...(cookie ? { Cookie: cookie } : {}) };
  const asked = await fetch(`${app.url}/api/auth/passkey/options`, { method: "POST", headers });
  const challenge = cookieNamed(asked, "__passkey-challenge") ?? asked.headers.getSetCookie()[0].split(";")[0];
  const options = (await asked.json()) as PublicKeyCredentialRequestOptionsJSON;
  const answer = await fetch(`${app.url}/api/auth/passkey`, {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/json", Cookie: [cookie, challenge].filter(Boolean).join("; ") },
    body: JSON.stringify({ response: key.authenticate(options) }),
  });
  return { answer, session: cookieNamed(answer, "__session") };
}

/** Adds a passkey named `name` to the admin of the session `cookie`: the options call's answer, and the answer's call when the options came. */
export async function addPasskeyTo(app: Pick<RunningServer, "url">, key: SoftAuthenticator, cookie: string, name: string) {
  const headers = { Origin: app.url, Cookie: cookie, "Content-Type": "application/json" };
  const asked = await fetch(`${app.url}/api/admin/passkeys/options`, { method: "POST", headers });
  if (!asked.ok) return { asked, added: null };
  const creation = (await asked.json()) as PublicKeyCredentialCreationOptionsJSON;
  const added = await fetch(`${app.url}/api/admin/passkeys`, { method: "POST", headers, body: JSON.stringify({ name, response: key.register(creation) }) });
  return { asked, added };
}
