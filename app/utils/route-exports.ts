import type { HeadersFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";

/** For pages whose only form changes nothing they show: no reload of their data after it. */
export const skipRevalidationAfterPosts: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod && formMethod !== "GET" ? false : defaultShouldRevalidate;

/** A form post over a rate limit keeps its Retry-After on the page response too. */
export const keepRetryAfter: HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const headers = new Headers(loaderHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};
