/**
 * Homes on a page of /properties (and on the home page's View All). Apart from
 * browse-query.ts so that the home page, which needs only this number, does not carry the
 * list's query code in its first load.
 */
export const BROWSE_PAGE_SIZE = 24;
