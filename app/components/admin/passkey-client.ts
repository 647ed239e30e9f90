import {
  PASSKEY_OPTIONS_API,
  PASSKEY_SIGN_IN_OPTIONS_PATH,
  PASSKEY_SIGN_IN_PATH,
  PASSKEY_STEP_REGISTER_OPTIONS_PATH,
  PASSKEY_STEP_REGISTER_PATH,
  PASSKEYS_API,
} from "~/paths";

/**
 * The browser's side of staff passkeys: @simplewebauthn/browser, loaded only when a
 * passkey is used (the login page and the Admins tab load nothing for it until then),
 * and the JSON calls around it.
 */

const loadBrowserKit = () => import("@simplewebauthn/browser");

export async function passkeysSupported(): Promise<boolean> {
  return (await loadBrowserKit()).browserSupportsWebAuthn();
}

export async function autofillSupported(): Promise<boolean> {
  return (await loadBrowserKit()).browserSupportsWebAuthnAutofill();
}

async function postJson(path: string, body?: unknown): Promise<{ ok: boolean; data: Record<string, unknown> }> {
  const response = await fetch(path, {
    method: "POST",
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "same-origin",
  });
  const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { ok: response.ok, data };
}

export type PasskeyResult = { ok: true; data: Record<string, unknown> } | { ok: false; error: string };

const CANCELLED = "The passkey was not used: the request was cancelled or timed out.";
const UNREACHABLE = "The site could not be reached. Check the connection and try again.";

/** What the browser's WebAuthn error means to the person at it. */
function browserError(error: unknown): string {
  const name = (error as { name?: string } | null)?.name;
  if (name === "NotAllowedError" || name === "AbortError") return CANCELLED;
  if (name === "InvalidStateError") return "This device's passkey is already added.";
  return "This browser could not use a passkey here.";
}

/**
 * One ceremony: the options from `optionsPath`, the browser's part (`run`), then its
 * answer posted to `answerPath` with the rest of `body`. Each step's failure is said in
 * words for the person at the browser.
 */
async function ceremony<Options>(
  optionsPath: string,
  run: (optionsJSON: Options) => Promise<unknown>,
  answerPath: string,
  body: (response: unknown) => Record<string, unknown>,
): Promise<PasskeyResult> {
  let optionsJSON: Options;
  try {
    const asked = await postJson(optionsPath);
    if (!asked.ok) return { ok: false, error: String(asked.data.error ?? UNREACHABLE) };
    optionsJSON = asked.data as Options;
  } catch {
    return { ok: false, error: UNREACHABLE };
  }
  let response: unknown;
  try {
    response = await run(optionsJSON);
  } catch (error) {
    return { ok: false, error: browserError(error) };
  }
  try {
    const answered = await postJson(answerPath, body(response));
    if (answered.ok) return { ok: true, data: answered.data };
    const fieldErrors = answered.data.fieldErrors as Record<string, string[]> | undefined;
    return { ok: false, error: fieldErrors?.name?.[0] ?? String(answered.data.error ?? UNREACHABLE) };
  } catch {
    return { ok: false, error: UNREACHABLE };
  }
}

type Kit = Awaited<ReturnType<typeof loadBrowserKit>>;

/**
 * The browser runs one passkey request at a time. The button's sign-ins so far, whether
 * one is under way, and the autofill's request while it waits: an autofill that got its
 * options after the person pressed the button must not start (it would cancel the
 * button's request under their eyes), and the button's request starts only once a
 * waiting autofill has been called off and has ended (a request started while another
 * is still pending is refused).
 */
const pressedSignIns: { started: number; running: boolean; autofillWaiting: Promise<unknown> | null } = { started: 0, running: false, autofillWaiting: null };

/** Signs in with a passkey. `autofill` waits for the person to pick a passkey among the Email field's suggestions. */
export async function signInWithPasskey(redirectTo: string | null, options: { autofill?: boolean } = {}): Promise<PasskeyResult> {
  const autofill = options.autofill === true;
  const pressedBefore = pressedSignIns.started;
  if (!autofill) {
    pressedSignIns.started += 1;
    pressedSignIns.running = true;
  }
  try {
    const kit = await loadBrowserKit();
    return await ceremony<Parameters<Kit["startAuthentication"]>[0]["optionsJSON"]>(
      PASSKEY_SIGN_IN_OPTIONS_PATH,
      async (optionsJSON) => {
        if (!autofill) {
          if (pressedSignIns.autofillWaiting) {
            kit.WebAuthnAbortService.cancelCeremony();
            await pressedSignIns.autofillWaiting;
          }
          return kit.startAuthentication({ optionsJSON });
        }
        if (pressedSignIns.running || pressedSignIns.started !== pressedBefore) {
          throw new DOMException("The button's sign-in came first.", "AbortError");
        }
        const asked = kit.startAuthentication({ optionsJSON, useBrowserAutofill: true });
        const waiting = asked.catch(() => undefined).finally(() => {
          if (pressedSignIns.autofillWaiting === waiting) pressedSignIns.autofillWaiting = null;
        });
        pressedSignIns.autofillWaiting = waiting;
        return asked;
      },
      PASSKEY_SIGN_IN_PATH,
      (response) => ({ response, redirectTo }),
    );
  } finally {
    if (!autofill) pressedSignIns.running = false;
  }
}

/**
 * Adds a passkey under `name`: to the signed-in admin, or, `inPasskeyStep`, to the admin
 * of this browser's passkey step as their first one (which also signs them in).
 */
export async function addPasskey(name: string, options: { inPasskeyStep?: boolean } = {}): Promise<PasskeyResult> {
  const kit = await loadBrowserKit();
  return ceremony<Parameters<Kit["startRegistration"]>[0]["optionsJSON"]>(
    options.inPasskeyStep ? PASSKEY_STEP_REGISTER_OPTIONS_PATH : PASSKEY_OPTIONS_API,
    (optionsJSON) => kit.startRegistration({ optionsJSON }),
    options.inPasskeyStep ? PASSKEY_STEP_REGISTER_PATH : PASSKEYS_API,
    (response) => ({ name, response }),
  );
}
