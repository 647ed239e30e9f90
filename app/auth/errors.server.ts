import { AuthorizationError } from "remix-auth";

/**
 * The failure message a strategy gave, or null for any other error. Kept in a .server
 * module: importing remix-auth from a route file would ship it to the browser.
 */
export function authorizationFailure(error: unknown): string | null {
  return error instanceof AuthorizationError ? error.message : null;
}
