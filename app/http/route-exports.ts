import type { HeadersFunction, ShouldRevalidateFunction } from "react-router";
import { NO_STORE } from "./no-store";

/** For pages whose only form changes nothing they show: no reload of their data after it. */
export const skipRevalidationAfterPosts: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod && formMethod !== "GET" ? false : defaultShouldRevalidate;

/** `base` with the action's Retry-After, if it gave one. */
function withActionRetryAfter(base: Headers, actionHeaders: Headers): Headers {
  const headers = new Headers(base);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

/** A form post over a rate limit keeps its Retry-After on the page response too. */
export const keepRetryAfter: HeadersFunction = ({ actionHeaders, loaderHeaders }) => withActionRetryAfter(loaderHeaders, actionHeaders);

/**
 * For a route that otherwise sets no headers (a dashboard dialog): its form post refused
 * while the file store is down keeps its Retry-After on the page; all else stays as
 * the parents and Remix's defaults make it.
 */
export const addActionRetryAfter: HeadersFunction = ({ actionHeaders, parentHeaders }) => withActionRetryAfter(parentHeaders, actionHeaders);

/**
 * Staff pages: the document is no more kept by a browser or a proxy than its data is
 * (each loader's `no-store`). Set on the dashboard's frame, inherited by every tab and
 * dialog under it (Remix hands a route without `headers` its parent's).
 */
export const noStoreDocument: HeadersFunction = () => NO_STORE;
