import { useEffect, useRef, useState, type ImgHTMLAttributes } from "react";

export const PLACEHOLDER_IMAGE = "/images/placeholder.svg";

/**
 * An image that falls back to the stock placeholder when it fails to load, including
 * a failure that happened before the page's JavaScript started.
 */
export function SafeImage({ src, ...rest }: ImgHTMLAttributes<HTMLImageElement> & { src: string }) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => setFailed(false), [src]);
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0 && img.src) setFailed(true);
  }, [src]);
  return <img ref={ref} src={failed || !src ? PLACEHOLDER_IMAGE : src} onError={() => setFailed(true)} {...rest} />;
}
