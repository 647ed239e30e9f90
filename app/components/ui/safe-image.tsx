import { useEffect, useRef, useState, type ImgHTMLAttributes } from "react";
import { PLACEHOLDER_IMAGE, variantSrcSet } from "~/utils/image-variants";

export { PLACEHOLDER_IMAGE };

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
  const usable = !failed && Boolean(src);
  // Our own media come in resized WebP variants; `sizes` from the caller picks one.
  const srcSet = usable && rest.sizes ? variantSrcSet(src) : undefined;
  return <img ref={ref} src={usable ? src : PLACEHOLDER_IMAGE} srcSet={srcSet} onError={() => setFailed(true)} {...rest} />;
}
