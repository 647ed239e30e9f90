import type { Page } from "@playwright/test";
import type { Layer } from "./contrast";

export type PaintProbe = {
  /** What is painted at a point, topmost first, from `from` down when it is there (see Layer). */
  layersAt(x: number, y: number, from?: Element | null): Layer[];
  /** An element's opacity times its ancestors'. */
  opacityOf(el: Element): number;
  /** A CSS list split at its top-level commas (not those inside rgb(…)). */
  splitTopLevel(text: string): string[];
};

/**
 * Gives the page `window.__paintProbe` (again after a navigation): what the browser
 * paints at a point, read from computed styles, for the contrast checks.
 */
export async function installPaintProbe(page: Page) {
  await page.evaluate(definePaintProbe);
}

/** Runs inside the page: everything it uses is defined within it. */
function definePaintProbe() {
  const host = window as unknown as { __paintProbe?: PaintProbe };
  if (host.__paintProbe) return;

  const splitTopLevel = (text: string) => {
    const parts: string[] = [];
    let depth = 0;
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      if (text[i] === "(") depth++;
      else if (text[i] === ")") depth--;
      else if (text[i] === "," && depth === 0) {
        parts.push(text.slice(start, i).trim());
        start = i + 1;
      }
    }
    parts.push(text.slice(start).trim());
    return parts.filter(Boolean);
  };

  const opacityOf = (el: Element) => {
    let value = 1;
    for (let node: Element | null = el; node; node = node.parentElement) value *= Number(getComputedStyle(node).opacity);
    return value;
  };

  /** A linear gradient's colour at the point, as the two stops around it; null for any other image. */
  const gradientAt = (node: Element, image: string, x: number, y: number): Layer | null => {
    const match = image.match(/^linear-gradient\((.*)\)$/);
    if (!match) return null;
    const args = splitTopLevel(match[1]);
    const directions: Record<string, (b: DOMRect) => number> = {
      "to right": (b) => (x - b.left) / b.width,
      "to left": (b) => (b.right - x) / b.width,
      "to bottom": (b) => (y - b.top) / b.height,
      "to top": (b) => (b.bottom - y) / b.height,
    };
    let along = directions["to bottom"];
    if (args[0] in directions) along = directions[args.shift() as string];
    const stops = args.map((arg) => {
      const stop = arg.match(/^(.*\))\s+(-?[\d.]+)%$/);
      return stop ? { color: stop[1], at: Number(stop[2]) / 100 } : null;
    });
    if (stops.length < 2 || stops.some((s) => s === null)) return null;
    const list = stops as { color: string; at: number }[];
    const t = Math.min(1, Math.max(0, along(node.getBoundingClientRect())));
    const next = list.findIndex((s) => s.at >= t);
    const to = list[next < 0 ? list.length - 1 : next];
    const from = list[Math.max(0, (next < 0 ? list.length : next) - 1)];
    const amount = to.at === from.at ? 1 : (t - from.at) / (to.at - from.at);
    return { kind: "gradient", from: from.color, to: to.color, amount, opacity: opacityOf(node) };
  };

  const layersAt = (x: number, y: number, from?: Element | null): Layer[] => {
    // Overlays that let the pointer through (pointer-events: none) still paint: every
    // element is hit-testable for this one query.
    const sheet = new CSSStyleSheet();
    sheet.replaceSync("*, *::before, *::after { pointer-events: auto !important; }");
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    let stack: Element[];
    try {
      stack = document.elementsFromPoint(x, y);
    } finally {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
    }
    const start = from ? stack.indexOf(from) : -1;
    if (start > 0) stack = stack.slice(start);
    const layers: Layer[] = [];
    for (const node of stack) {
      // Icons are content, not the ground they stand on.
      if (node instanceof SVGElement) continue;
      const opacity = opacityOf(node);
      if (["IMG", "VIDEO", "CANVAS", "IFRAME", "OBJECT", "EMBED"].includes(node.tagName)) {
        layers.push({ kind: "photo", opacity });
        break;
      }
      const style = getComputedStyle(node);
      if (style.backgroundImage !== "none") layers.push(gradientAt(node, style.backgroundImage, x, y) ?? { kind: "photo", opacity });
      layers.push({ kind: "color", color: style.backgroundColor, opacity });
    }
    return layers;
  };

  host.__paintProbe = { layersAt, opacityOf, splitTopLevel };
}
