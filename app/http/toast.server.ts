import crypto from "node:crypto";
import { createCookie, redirect } from "react-router";
import { cookieNames } from "~/config/cookie-names";
import { config } from "~/config/env.server";
import { ADMIN_PATH } from "~/paths";

/**
 * Toasts that survive a redirect (a flash message): an admin action stores one in a
 * short-lived signed cookie and redirects; the dashboard's loader takes it (and clears
 * the cookie). With JavaScript it shows as a toast, without it the page renders the
 * same words in a status region.
 */
export type FlashToast = { id: string; title: string; description?: string; variant?: "default" | "destructive" };

const toastCookie = createCookie(cookieNames(config().appUrlIsHttps).toast, {
  path: ADMIN_PATH,
  httpOnly: true,
  sameSite: "lax",
  secure: config().appUrlIsHttps,
  secrets: config().sessionSecrets,
  maxAge: 60,
});

export async function redirectWithToast(url: string, toast: Omit<FlashToast, "id">, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookie.serialize({ ...toast, id: crypto.randomUUID() }));
  return redirect(url, { ...init, headers });
}

/** The pending toast, if any, and the header that clears it. */
export async function takeToast(request: Request): Promise<{ toast: FlashToast | null; headers: Headers }> {
  const headers = new Headers();
  const value = (await toastCookie.parse(request.headers.get("Cookie"))) as FlashToast | null;
  if (!value || typeof value.title !== "string") return { toast: null, headers };
  headers.append("Set-Cookie", await toastCookie.serialize("", { maxAge: 0 }));
  return { toast: value, headers };
}
