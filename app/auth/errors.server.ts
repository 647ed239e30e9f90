import { AuthorizationError } from "remix-auth";

/**
 * The failure message a strategy gave, or null for any other error. Kept in a .server
 * module: importing remix-auth from a route file would ship it to the browser.
 */
export function authorizationFailure(error: unknown): string | null {
  return error instanceof AuthorizationError ? error.message : null;
}

/**
 * A sign-in our own checks refused, with the address it was for when one is known (the
 * log names it, masked). Strategies pass it on as the cause of their AuthorizationError.
 */
export class SignInRefusal extends Error {
  constructor(
    readonly code: string,
    readonly email: string | null,
  ) {
    super(code);
  }
}

/** The address a refused sign-in was for, when the strategy knew it. */
export function refusedAddress(error: unknown): string | null {
  return error instanceof AuthorizationError && error.cause instanceof SignInRefusal ? error.cause.email : null;
}
