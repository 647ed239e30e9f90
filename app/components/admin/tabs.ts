import { ADMINS_PATH, DASHBOARD_PATH, FAQS_PATH, MEDIA_PATH, MESSAGES_PATH, PROPERTIES_PATH, SETTINGS_PATH, TEXT_PATH, VISITS_PATH } from "~/paths";

/**
 * The dashboard's tabs, each a nested route at its own URL (Overview at the dashboard
 * itself), so a tab survives a reload, can be bookmarked and works without JavaScript.
 */

// In the order of docs/product.md §2: Overview, Properties, FAQs, Media, Text, Admins, Settings, Messages, then Visits.
export const DASHBOARD_TABS = [
  { label: "Overview", path: DASHBOARD_PATH, end: true },
  { label: "Properties", path: PROPERTIES_PATH, end: false },
  { label: "FAQs", path: FAQS_PATH, end: false },
  { label: "Media", path: MEDIA_PATH, end: false },
  { label: "Text", path: TEXT_PATH, end: false },
  { label: "Admins", path: ADMINS_PATH, end: false },
  { label: "Settings", path: SETTINGS_PATH, end: false },
  { label: "Messages", path: MESSAGES_PATH, end: false },
  { label: "Visits", path: VISITS_PATH, end: false },
] as const;
