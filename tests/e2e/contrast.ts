import Color from "colorjs.io";

/**
 * WCAG 2.x contrast for the browser tests, from the colours Chromium computes. Chromium
 * reports Tailwind's colours as oklch()/oklab() and mixes as color(srgb …), which the
 * common small packages (color, wcag-contrast) cannot read: colorjs.io parses every CSS
 * colour, so only the blending below is ours.
 */

/** WCAG 2.x AA minimums. */
export const AA = { text: 4.5, largeText: 3, nonText: 3 } as const;

/** An sRGB colour, channels 0 to 1 as the screen shows them (clipped to sRGB), with its alpha. */
export type Rgba = { r: number; g: number; b: number; alpha: number };

export function parseColor(css: string): Rgba {
  const color = new Color(css).to("srgb").toGamut({ method: "clip" });
  const [r, g, b] = color.coords.map((c) => (Number.isFinite(c) ? Math.min(1, Math.max(0, c as number)) : 0));
  return { r, g, b, alpha: Number.isFinite(color.alpha) ? Number(color.alpha) : 1 };
}

const BLACK: Rgba = { r: 0, g: 0, b: 0, alpha: 1 };
const WHITE: Rgba = { r: 1, g: 1, b: 1, alpha: 1 };

/** `top` painted over an opaque `bottom`, blended as browsers do (in sRGB). */
export function over(top: Rgba, bottom: Rgba): Rgba {
  const a = top.alpha;
  return { r: top.r * a + bottom.r * (1 - a), g: top.g * a + bottom.g * (1 - a), b: top.b * a + bottom.b * (1 - a), alpha: 1 };
}

function mix(from: Rgba, to: Rgba, amount: number): Rgba {
  const lerp = (x: number, y: number) => x + (y - x) * amount;
  return { r: lerp(from.r, to.r), g: lerp(from.g, to.g), b: lerp(from.b, to.b), alpha: lerp(from.alpha, to.alpha) };
}

/** WCAG relative luminance of an opaque colour. */
export function luminance(color: Rgba): number {
  return new Color("srgb", [color.r, color.g, color.b]).luminance;
}

/** WCAG contrast ratio of two opaque colours (1 to 21). */
export function contrastRatio(a: Rgba, b: Rgba): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/**
 * What lies behind something, as a range: a plain colour is one colour (darkest equals
 * lightest); a photo may be any colour, so a photo (under whatever translucent layers
 * cover it) spans from what it would look like black to what it would look like white.
 */
export type Backdrop = { darkest: Rgba; lightest: Rgba; overPhoto: boolean };

/** One painted layer at a point, topmost first (see focus-checks.ts). */
export type Layer =
  | { kind: "color"; color: string; opacity: number }
  | { kind: "gradient"; from: string; to: string; amount: number; opacity: number }
  | { kind: "photo"; opacity: number };

/** Blends the layers at a point, topmost first, down to the first opaque one (white below all: the canvas). */
export function backdropOf(layers: Layer[]): Backdrop {
  let darkest = WHITE;
  let lightest = WHITE;
  let overPhoto = false;
  // Painted bottom up; only what lies above the topmost opaque layer shows.
  const shown: Layer[] = [];
  for (const layer of layers) {
    shown.push(layer);
    if (layerColors(layer).every((c) => c.alpha * layer.opacity >= 0.999)) break;
  }
  for (const layer of shown.reverse()) {
    const [dark, light] = layerColors(layer);
    if (layer.kind === "photo") overPhoto = true;
    darkest = over({ ...dark, alpha: dark.alpha * layer.opacity }, darkest);
    lightest = over({ ...light, alpha: light.alpha * layer.opacity }, lightest);
  }
  return { darkest, lightest, overPhoto };
}

function layerColors(layer: Layer): [dark: Rgba, light: Rgba] {
  if (layer.kind === "photo") return [BLACK, WHITE];
  const color = layer.kind === "color" ? parseColor(layer.color) : mix(parseColor(layer.from), parseColor(layer.to), layer.amount);
  return [color, color];
}

/** A backdrop of one opaque colour. */
export function plainBackdrop(css: string): Backdrop {
  const color = over(parseColor(css), WHITE);
  return { darkest: color, lightest: color, overPhoto: false };
}

/** Points across the backdrop's range: each a colour the backdrop might be. */
function backdropSamples(backdrop: Backdrop): Rgba[] {
  const steps = backdrop.overPhoto ? 32 : 1;
  return Array.from({ length: steps + 1 }, (_, i) => over({ ...backdrop.lightest, alpha: i / steps }, backdrop.darkest));
}

/** The lowest contrast of a (possibly translucent) colour over any colour the backdrop may be. */
export function worstContrast(foreground: string | Rgba, backdrop: Backdrop): number {
  const fg = typeof foreground === "string" ? parseColor(foreground) : foreground;
  return Math.min(...backdropSamples(backdrop).map((bg) => contrastRatio(over(fg, bg), bg)));
}

/**
 * Whether an indicator of several colours stands out wherever it is drawn: over every
 * colour the backdrop may be, one of them reaches `minimum` (so a two-colour ring of a
 * dark and a light band holds on any photo: WCAG technique C40).
 */
export function someColorStandsOut(colors: string[], backdrop: Backdrop, minimum = AA.nonText): boolean {
  const parsed = colors.map(parseColor);
  return backdropSamples(backdrop).every((bg) => parsed.some((c) => contrastRatio(over(c, bg), bg) >= minimum));
}

/** The AA minimum for text of this size and weight (large: 24 px, or 18.66 px bold). */
export function textMinimum(fontSizePx: number, fontWeight: number): number {
  const large = fontSizePx >= 24 || (fontSizePx >= 18.66 && fontWeight >= 700);
  return large ? AA.largeText : AA.text;
}

/** A colour as #rrggbb (translucent ones with their alpha), for failure messages. */
export function describe(color: Rgba): string {
  const hex = [color.r, color.g, color.b].map((c) => Math.round(c * 255).toString(16).padStart(2, "0")).join("");
  return color.alpha < 1 ? `#${hex}/${color.alpha.toFixed(2)}` : `#${hex}`;
}

export function describeBackdrop(backdrop: Backdrop): string {
  return backdrop.overPhoto ? `a photo (${describe(backdrop.darkest)} to ${describe(backdrop.lightest)})` : describe(backdrop.darkest);
}
