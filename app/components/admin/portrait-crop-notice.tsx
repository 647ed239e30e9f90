import { SafeImage } from "~/components/ui/safe-image";

/** A photo as the back office knows its shape: its size in pixels is null when it was not measured (media recorded before sizes were kept). */
export type PhotoShape = { filePath: string; width: number | null; height: number | null };

/** Taller than wide: a card's 3:2 frame cuts off its top and bottom. Unmeasured photos are not. */
export function isPortrait({ width, height }: PhotoShape): boolean {
  return width !== null && height !== null && height > width;
}

/**
 * For a portrait photo, the warning that the public cards crop it, and the crop itself:
 * the photo in a 3:2 frame with object-cover at its centre, as the cards draw it
 * (components/carousel.tsx). Nothing for any other photo. Rendered on the server, so it
 * shows with JavaScript off too.
 */
export function PortraitCropNotice({ photo, className = "" }: { photo: PhotoShape; className?: string }) {
  if (!isPortrait(photo)) return null;
  return (
    <div className={`flex flex-wrap items-center gap-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 ${className}`}>
      <p className="min-w-0 flex-1 basis-36">Portrait photo: cards show it cropped to 3:2.</p>
      <figure className="shrink-0">
        <div className="aspect-[3/2] w-24 overflow-hidden rounded bg-slate-100">
          {/* The photo itself is named beside it; this is the same photo, framed. */}
          <SafeImage src={photo.filePath} alt="" width={96} height={64} sizes="96px" loading="lazy" className="h-full w-full object-cover" />
        </div>
        <figcaption className="mt-1 text-xs">How cards show it</figcaption>
      </figure>
    </div>
  );
}
