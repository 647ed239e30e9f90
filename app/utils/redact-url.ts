/**
 * A request's path and query as the log may keep it: the value of every query parameter
 * whose name says it carries a secret (a sign-in token, an OAuth code or state, an upload
 * URL's signature, a key) is replaced, so a log line never holds a credential someone
 * could still use. Everything else stays as the client sent it.
 */
const SECRET_PARAMETER = /token|code|state|key|secret|signature|password|credential|session|auth/i;

export const REDACTED = "[redacted]";

export function redactedUrl(url: string): string {
  const queryStart = url.indexOf("?");
  if (queryStart < 0) return url;
  const hashStart = url.indexOf("#", queryStart);
  const query = url.slice(queryStart + 1, hashStart < 0 ? undefined : hashStart);
  const parts = query.split("&").map((part) => {
    const equals = part.indexOf("=");
    const rawName = equals < 0 ? part : part.slice(0, equals);
    return SECRET_PARAMETER.test(parameterName(rawName)) ? `${rawName}=${REDACTED}` : part;
  });
  return `${url.slice(0, queryStart)}?${parts.join("&")}`;
}

function parameterName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, " "));
  } catch {
    return raw;
  }
}
