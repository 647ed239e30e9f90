/** The stock picture shown for a home without a usable image of its own. */
export const PLACEHOLDER_IMAGE = "/images/placeholder.svg";

/** Widths the server resizes media to; pages offer them in srcset. */
export const VARIANT_WIDTHS = [320, 480, 640, 960, 1280] as const;
/** The width of the copy that link previews show (Open Graph asks for 1200 px); not in srcsets. */
export const SHARE_IMAGE_WIDTH = 1200;
/** Every width the server makes. */
export const SERVED_VARIANT_WIDTHS: readonly number[] = [...VARIANT_WIDTHS, SHARE_IMAGE_WIDTH];
export const VARIANT_PREFIX = "/variants/";
const OBJECT_PREFIX = "/objects/";

/** A home's photo in a mail: shown at most 480 px wide, so the 640 px copy (sharp on most phones), never the upload itself. */
export const MAIL_IMAGE_WIDTH = 640;

/** Our own image's WebP copy `width` wide (one of SERVED_VARIANT_WIDTHS); any other image as it is. */
export function variantUrl(src: string, width: number): string {
  return src.startsWith(OBJECT_PREFIX) ? `${VARIANT_PREFIX}${width}/${src.slice(OBJECT_PREFIX.length)}` : src;
}

/** A srcset of WebP variants for our own media, or undefined for any other image. */
export function variantSrcSet(src: string): string | undefined {
  if (!src.startsWith(OBJECT_PREFIX)) return undefined;
  const key = src.slice(OBJECT_PREFIX.length);
  return VARIANT_WIDTHS.map((width) => `${VARIANT_PREFIX}${width}/${key} ${width}w`).join(", ");
}
