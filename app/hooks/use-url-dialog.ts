import { useNavigate, useSearchParams } from "react-router";
import { useCallback, useEffect, useState } from "react";

/**
 * A dialog whose open state can live in the URL (?param=value): without JavaScript a
 * link opens it and the server renders it; with JavaScript it opens in place, and
 * closing one that the URL opened takes the parameter away.
 */
export function useUrlDialog(param: string) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const fromUrl = searchParams.get(param);
  const [local, setLocal] = useState<string | null>(null);
  const [closedUrlValue, setClosedUrlValue] = useState<string | null>(null);

  useEffect(() => {
    if (fromUrl === null) setClosedUrlValue(null);
  }, [fromUrl]);

  const urlValue = fromUrl !== null && fromUrl !== closedUrlValue ? fromUrl : null;
  const value = local ?? urlValue;

  const hrefWith = useCallback(
    (next: string | null) => {
      const params = new URLSearchParams(searchParams);
      if (next === null) params.delete(param);
      else params.set(param, next);
      const search = params.toString();
      return search ? `?${search}` : "?";
    },
    [param, searchParams],
  );

  const open = useCallback((next: string) => setLocal(next), []);
  const close = useCallback(() => {
    setLocal(null);
    if (urlValue !== null) {
      setClosedUrlValue(urlValue);
      navigate(hrefWith(null), { replace: true, preventScrollReset: true });
    }
  }, [hrefWith, navigate, urlValue]);

  return { value, open, close, openHref: (next: string) => hrefWith(next), closeHref: hrefWith(null) };
}
