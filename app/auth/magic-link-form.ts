/**
 * The sign-in link's page (/admin/auth/magic?token=...) and the one field its form posts.
 * Not a .server module: the page uses them in the browser too (its form's action, and
 * whether that form is on its way), where a .server import is empty.
 */
export const TOKEN_FIELD = "token";
