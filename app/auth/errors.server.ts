/**
 * A sign-in a strategy refused: its message is the login page's error code (or, for
 * Google, the state check's own text), its cause the refusal behind it when there is
 * one. remix-auth 4 no longer has an error type of its own (strategies throw what they
 * like); this one keeps the shape its version 3 gave the routes.
 */
export class AuthorizationError extends Error {
  constructor(
    message: string,
    readonly cause?: Error,
  ) {
    super(message);
  }
}

/** The failure message a strategy gave, or null for any other error. */
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

/** Any error a strategy met, as the AuthorizationError it answers with. */
export function asAuthorizationError(error: unknown): AuthorizationError {
  if (error instanceof AuthorizationError) return error;
  if (error instanceof Error) return new AuthorizationError(error.message, error);
  if (typeof error === "string") return new AuthorizationError(error, new Error(error));
  return new AuthorizationError("Unknown error", new Error(JSON.stringify(error, null, 2)));
}
