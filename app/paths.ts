/**
 * Every route path the code links to, redirects to or calls, in one place (the routes
 * themselves are the files of app/routes/, docs/product.md §2 and §7). Plain strings and
 * functions, no imports: any layer may use it.
 */

// The public site
export const HOME_PATH = "/";
export const BROWSE_PATH = "/properties";
export const propertyPath = (id: number | string) => `${BROWSE_PATH}/${id}`;
export const visitPath = (id: number | string) => `${BROWSE_PATH}/${id}/visit`;
/** The visitor's own page of their visit, opened by the link in their mails (?token=…). */
export const VISITOR_VISIT_PATH = "/my-visit";
export const SITEMAP_PATH = "/sitemap.xml";
// A visitor's saved homes and their comparison (kept in the browser: docs/decisions/050)
export const FAVORITES_PATH = "/favorites";
export const COMPARE_PATH = "/compare";
export const RENTAL_CRITERIA_PATH = "/rental-criteria";
// Search alerts: the links of their mails (each with ?token=).
export const ALERT_CONFIRM_PATH = "/alerts/confirm";
export const ALERT_UNSUBSCRIBE_PATH = "/alerts/unsubscribe";
export const ALERT_MANAGE_PATH = "/alerts/manage";
/** A list of homes in a URL: commas kept as they are (they need no escaping in a query). */
export const favoritesHref = (ids: number[]) => (ids.length ? `${FAVORITES_PATH}?ids=${ids.join(",")}` : FAVORITES_PATH);
export const compareHref = (ids: number[]) => `${COMPARE_PATH}?ids=${ids.join(",")}`;

// The text dictionary of one language as a file, named by its version (docs/decisions/056).
export const TEXTS_FILE_PATH = /^\/texts\/(en|es)\.json$/;
export const textsFileHref = (language: string, version: string) => `/texts/${language}.json?v=${encodeURIComponent(version)}`;

// Sign-in
export const ADMIN_PATH = "/admin";
export const LOGIN_PATH = "/admin/login";
export const MAGIC_LINK_PATH = "/admin/auth/magic";
export const GOOGLE_SIGN_IN_PATH = "/admin/auth/google";
// Passkey sign-in (public JSON calls): request options (POST), then the assertion (POST).
export const PASSKEY_SIGN_IN_PATH = "/api/auth/passkey";
export const PASSKEY_SIGN_IN_OPTIONS_PATH = "/api/auth/passkey/options";
// The passkey step of a sign-in while a passkey is required (a page), and adding a first
// passkey from it (public JSON calls, answered only in the step): options, then the answer.
export const PASSKEY_STEP_PATH = "/admin/login/passkey";
export const PASSKEY_STEP_REGISTER_PATH = "/api/auth/passkey/register";
export const PASSKEY_STEP_REGISTER_OPTIONS_PATH = "/api/auth/passkey/register/options";
export const GOOGLE_CALLBACK_PATH = "/admin/auth/google/callback";
export const LOGOUT_PATH = "/admin/auth/logout";

// The back office: one URL per tab
export const DASHBOARD_PATH = "/admin/dashboard";
export const PROPERTIES_PATH = "/admin/dashboard/properties";
export const FAQS_PATH = "/admin/dashboard/faqs";
export const MEDIA_PATH = "/admin/dashboard/media";
export const TEXT_PATH = "/admin/dashboard/text";
export const ADMINS_PATH = "/admin/dashboard/admins";
export const OTHER_SESSIONS_PATH = "/admin/dashboard/admins/sessions";
// 'Confirm it's you' for an admin without a passkey: a sign-in link to their own address (?redirectTo= the page).
export const SIGN_IN_AGAIN_PATH = "/admin/dashboard/sign-in-again";
export const SETTINGS_PATH = "/admin/dashboard/settings";
export const MESSAGES_PATH = "/admin/dashboard/messages";
export const VISITS_PATH = "/admin/dashboard/visits";
/** The Decline dialog of a visit request; `from` "messages" comes back to the Messages tab's visit requests. */
export const declineVisitPath = (id: number, from: "visits" | "messages" = "visits") => `${VISITS_PATH}/${id}/decline${from === "messages" ? "?from=messages" : ""}`;

// JSON calls the pages make
export const MAP_MARKERS_API = "/api/map-markers";
export const PASSKEYS_API = "/api/admin/passkeys";
export const PASSKEY_OPTIONS_API = "/api/admin/passkeys/options";
export const MAP_SETTINGS_API = "/api/config/maps-api-key";
export const propertyApi = (id: number | string) => `/api/properties/${id}`;
export const GEOCODE_API = "/api/admin/geocode";
export const UPLOAD_URL_API = "/api/objects/upload";
export const LOCAL_UPLOAD_PATH = "/api/objects/upload/";
export const PROPERTY_IMAGES_API = "/api/property-images";
export const MEDIA_UPLOAD_API = "/api/admin/media/upload";
export const linkMediaApi = (propertyId: number, mediaId: number) => `/api/admin/properties/${propertyId}/media/${mediaId}/link`;
export const mediaReuploadApi = (id: number | string) => `/api/admin/media/${id}/reupload`;
export const MESSAGES_CSV_API = "/api/admin/messages.csv";
