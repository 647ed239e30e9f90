import type { Page } from "@playwright/test";
import { AA, backdropOf, describeBackdrop, parseColor, textMinimum, worstContrast, type Layer } from "./contrast";
import { installPaintProbe, type PaintProbe } from "./paint-probe";

/** Everything a visitor can operate. */
export const CONTROLS = "a[href], button, input:not([type=hidden]), select, textarea, summary";

/** One thing that must stand out: a control's text, icon, border or placeholder, or a message. */
type Part = {
  where: string;
  color: string;
  /** The opacity the element it belongs to is drawn with. */
  opacity: number;
  /** Text: its size and weight (large text needs 3:1); null for non-text (3:1). */
  font: { size: number; weight: number } | null;
  layers: Layer[];
};

/**
 * Runs inside the page: the parts of every visible element matching `selector`, each
 * scrolled into view to be measured. Controls (`asControls`) give their texts, icons,
 * dots, borders of fields and placeholders; other elements (messages) their texts.
 */
function collectParts(args: { selector: string; asControls: boolean }): Part[] {
  const probe = (window as unknown as { __paintProbe: PaintProbe }).__paintProbe;
  const parts: Part[] = [];
  const shown = (el: Element) => {
    const box = el.getBoundingClientRect();
    return box.width > 1 && box.height > 1 && el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) && !el.closest("[inert], [aria-hidden='true']");
  };
  const centre = (box: DOMRect) => [box.left + box.width / 2, box.top + box.height / 2] as const;

  for (const el of document.querySelectorAll<HTMLElement>(args.selector)) {
    if (!shown(el)) continue;
    el.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
    const name = (el.getAttribute("aria-label") ?? el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 50);
    const label = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""} "${name}"`;

    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim() || !shown(parent) || parent.closest("svg")) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getClientRects()[0];
      if (!box || box.width < 1) continue;
      const style = getComputedStyle(parent);
      const [x, y] = centre(box);
      parts.push({
        where: `${label}, text "${node.textContent.trim().slice(0, 30)}"`,
        color: style.color,
        opacity: probe.opacityOf(parent),
        font: { size: Number.parseFloat(style.fontSize), weight: Number(style.fontWeight) },
        layers: probe.layersAt(x, y, parent),
      });
    }
    if (!args.asControls) continue;

    for (const icon of el.querySelectorAll("svg")) {
      if (icon.parentElement?.closest("svg") || !shown(icon)) continue;
      const style = getComputedStyle(icon);
      const [x, y] = centre(icon.getBoundingClientRect());
      parts.push({ where: `${label}, icon`, color: style.stroke !== "none" ? style.stroke : style.fill, opacity: probe.opacityOf(icon), font: null, layers: probe.layersAt(x, y, icon.parentElement) });
    }
    // Drawn marks with no text (a carousel's dots).
    for (const mark of el.querySelectorAll<HTMLElement>("span[aria-hidden='true']")) {
      const style = getComputedStyle(mark);
      if (mark.textContent?.trim() || !shown(mark) || Number.parseFloat(style.height) < 4) continue;
      const [x, y] = centre(mark.getBoundingClientRect());
      parts.push({ where: `${label}, mark`, color: style.backgroundColor, opacity: probe.opacityOf(mark), font: null, layers: probe.layersAt(x, y, mark.parentElement) });
    }
    if (el.matches("input:not([type=checkbox]):not([type=radio]), select, textarea")) {
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      const [x, y] = centre(box);
      const own = probe.layersAt(x, y, el);
      // What the field's value is written in (empty or not), and its placeholder.
      parts.push({ where: `${label}, its text`, color: style.color, opacity: probe.opacityOf(el), font: { size: Number.parseFloat(style.fontSize), weight: Number(style.fontWeight) }, layers: own });
      if (el.getAttribute("placeholder") && !(el as HTMLInputElement).value) {
        const placeholder = getComputedStyle(el, "::placeholder");
        parts.push({ where: `${label}, placeholder`, color: placeholder.color, opacity: probe.opacityOf(el), font: { size: Number.parseFloat(placeholder.fontSize), weight: Number(placeholder.fontWeight) }, layers: own });
      }
      // Its border tells where the field is: 3:1 against what is around it.
      if (Number.parseFloat(style.borderLeftWidth) >= 1) {
        parts.push({ where: `${label}, border`, color: style.borderLeftColor, opacity: probe.opacityOf(el), font: null, layers: probe.layersAt(box.left - 2, y) });
      }
    }
  }
  return parts;
}

/** The parts below AA, one sentence each. */
function partProblems(parts: Part[], state: string): string[] {
  return parts.flatMap((part) => {
    const minimum = part.font ? textMinimum(part.font.size, part.font.weight) : AA.nonText;
    const color = parseColor(part.color);
    const backdrop = backdropOf(part.layers);
    const ratio = worstContrast({ ...color, alpha: color.alpha * part.opacity }, backdrop);
    return ratio + 0.005 >= minimum ? [] : [`${state}: ${part.where}: ${part.color} on ${describeBackdrop(backdrop)} is ${ratio.toFixed(2)}:1, below ${minimum}:1`];
  });
}

/**
 * The contrast problems of everything matching `selector` as it is shown now (`state`
 * names it in the messages). Controls by default; `asControls: false` for messages.
 */
export async function contrastProblems(page: Page, selector: string, state: string, options: { asControls?: boolean } = {}): Promise<string[]> {
  await installPaintProbe(page);
  const parts = await page.evaluate(collectParts, { selector, asControls: options.asControls ?? true });
  if (!parts.length) return [`${state}: nothing matching ${selector} is shown`];
  return partProblems(parts, state);
}

/**
 * Shows every element matching `selector` in a pseudo-class state (hover, focus…) the
 * way DevTools does (CSS.forcePseudoState over CDP), runs `measure`, then lets them go.
 */
export async function withForcedState<T>(page: Page, selector: string, states: string[], measure: () => Promise<T>): Promise<T> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send("DOM.enable");
    await cdp.send("CSS.enable");
    const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
    const { nodeIds } = await cdp.send("DOM.querySelectorAll", { nodeId: root.nodeId, selector });
    await Promise.all(nodeIds.map((nodeId) => cdp.send("CSS.forcePseudoState", { nodeId, forcedPseudoClasses: states })));
    return await measure();
  } finally {
    // Detaching drops the forced states.
    await cdp.detach();
  }
}

/** The contrast problems of the controls in `scope` at rest, hovered and focused. */
export async function controlStateProblems(page: Page, scope: string, label: string): Promise<string[]> {
  const selector = scope
    .split(",")
    .flatMap((s) => CONTROLS.split(", ").map((control) => `${s.trim()} ${control}`))
    .join(", ");
  return [
    ...(await contrastProblems(page, selector, `${label}, at rest`)),
    ...(await withForcedState(page, selector, ["hover"], () => contrastProblems(page, selector, `${label}, hovered`))),
    ...(await withForcedState(page, selector, ["focus", "focus-visible"], () => contrastProblems(page, selector, `${label}, focused`))),
  ];
}
