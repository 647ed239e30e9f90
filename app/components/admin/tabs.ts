/**
 * The dashboard's tabs, each a nested route at its own URL (Overview at the dashboard
 * itself), so a tab survives a reload, can be bookmarked and works without JavaScript.
 */
export const ADMINS_PATH = "/admin/dashboard/admins";

export const DASHBOARD_TABS = [
  { label: "Overview", path: "/admin/dashboard", end: true },
  { label: "Admins", path: ADMINS_PATH, end: false },
] as const;
