/**
 * The dashboard's tabs, each a nested route at its own URL (Overview at the dashboard
 * itself), so a tab survives a reload, can be bookmarked and works without JavaScript.
 */
export const PROPERTIES_PATH = "/admin/dashboard/properties";
export const FAQS_PATH = "/admin/dashboard/faqs";
export const MEDIA_PATH = "/admin/dashboard/media";
export const TEXT_PATH = "/admin/dashboard/text";
export const ADMINS_PATH = "/admin/dashboard/admins";
export const SETTINGS_PATH = "/admin/dashboard/settings";
export const MESSAGES_PATH = "/admin/dashboard/messages";

// In the order of docs/product.md §2: Overview, Properties, FAQs, Media, Text, Admins, Settings, Messages.
export const DASHBOARD_TABS = [
  { label: "Overview", path: "/admin/dashboard", end: true },
  { label: "Properties", path: PROPERTIES_PATH, end: false },
  { label: "FAQs", path: FAQS_PATH, end: false },
  { label: "Media", path: MEDIA_PATH, end: false },
  { label: "Text", path: TEXT_PATH, end: false },
  { label: "Admins", path: ADMINS_PATH, end: false },
  { label: "Settings", path: SETTINGS_PATH, end: false },
  { label: "Messages", path: MESSAGES_PATH, end: false },
] as const;
