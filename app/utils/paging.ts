/**
 * Page numbers for a counted list: how many pages `total` rows make at `limit` a page
 * (at least one, so an empty list has page 1), and the requested page kept within
 * them (a page past the last shows the last one) with its row offset.
 */
export function pageWindow(total: number, requestedPage: number | null | undefined, limit: number) {
  const pageCount = Math.max(1, Math.ceil(total / limit));
  const page = Math.min(Math.max(requestedPage ?? 1, 1), pageCount);
  return { page, pageCount, offset: (page - 1) * limit };
}

/**
 * A link with these query values, leaving out empty ones and page 1 (a list's first
 * page has one URL): hrefWith("/x", { q: "oak", page: 1 }) is "/x?q=oak".
 */
export function hrefWith(path: string, values: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value === null || value === undefined || value === "") continue;
    if (/page$/i.test(name) && Number(value) <= 1) continue;
    params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
