import { expect, type CDPSession, type Page } from "@playwright/test";

/**
 * Colour contrast and visible focus of every control on a page in the states axe does
 * not look at: disabled and busy controls (axe skips disabled ones), hover and keyboard
 * focus (forced through the DevTools protocol's CSS.forcePseudoState, so the page's own
 * CSS decides what is shown), and fields in error (however the page shows them now).
 *
 * What is measured, for each visible control (links, buttons, fields, switches):
 * - its text against the background under it: 4.5:1, or 3:1 for large text (WCAG 1.4.3);
 * - a field's border, or a switch's track, against what surrounds it: 3:1 (WCAG 1.4.11);
 * - a field's placeholder against the field: 4.5:1;
 * - with keyboard focus: an outline of at least 2 px, or a ring (box-shadow), whose
 *   colour has 3:1 against what surrounds the control (WCAG 2.4.7, 1.4.11).
 * Colours are composited the way the browser paints them: every ancestor's background,
 * alpha and opacity, read through a canvas so any CSS colour syntax (oklch, color-mix) counts.
 */

const CONTROLS = [
  "a[href]",
  "button",
  "input:not([type=hidden])",
  "select",
  "textarea",
  "summary",
  "[role=switch]",
  "[tabindex]:not([tabindex='-1'])",
].join(", ");

const MARK = "data-a11y-state";

type State = "normal" | "hover" | "focus";

/** Marks the visible controls (in `within`, else the page) in document order; returns their count. */
async function markControls(page: Page, within: string | undefined): Promise<number> {
  return page.evaluate(
    ({ selector, within, mark }) => {
      for (const old of document.querySelectorAll(`[${mark}]`)) old.removeAttribute(mark);
      const roots = within ? [...document.querySelectorAll(within)] : [document.body];
      let count = 0;
      for (const root of roots) {
        for (const element of [root, ...root.querySelectorAll(selector)]) {
          if (!(element instanceof HTMLElement) || !element.matches(selector) || element.hasAttribute(mark)) continue;
          const style = getComputedStyle(element);
          if (style.visibility === "hidden" || style.display === "none" || element.closest("[hidden]")) continue;
          if (element.getClientRects().length === 0) continue;
          element.setAttribute(mark, String(count++));
        }
      }
      return count;
    },
    { selector: CONTROLS, within, mark: MARK },
  );
}

/** What the page shows of each marked control now: one line per problem found. */
function readProblems(page: Page, state: State): Promise<string[]> {
  return page.evaluate(
    ({ mark, state }) => {
      const canvas = document.createElement("canvas");
      canvas.width = canvas.height = 1;
      const context = canvas.getContext("2d", { willReadFrequently: true })!;
      type Rgba = [number, number, number, number];
      /** Any CSS colour as sRGB 0..255 with alpha 0..1, as a canvas paints it. */
      const rgba = (css: string): Rgba => {
        if (!css || css === "transparent") return [0, 0, 0, 0];
        context.clearRect(0, 0, 1, 1);
        context.fillStyle = "#000";
        context.fillStyle = css;
        context.fillRect(0, 0, 1, 1);
        const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
        return [r, g, b, a / 255];
      };
      const over = (top: Rgba, below: Rgba): Rgba => {
        const a = top[3] + below[3] * (1 - top[3]);
        if (a === 0) return [0, 0, 0, 0];
        const mix = (i: number) => (top[i] * top[3] + below[i] * below[3] * (1 - top[3])) / a;
        return [mix(0), mix(1), mix(2), a];
      };
      const mixWith = (below: Rgba, above: Rgba, amount: number): Rgba => [0, 1, 2, 3].map((i) => below[i] * (1 - amount) + above[i] * amount) as Rgba;
      const luminance = ([r, g, b]: Rgba) => {
        const channel = (value: number) => {
          const c = value / 255;
          return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        };
        return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
      };
      const ratio = (a: Rgba, b: Rgba) => {
        const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
        return (light + 0.05) / (dark + 0.05);
      };
      const show = ([r, g, b]: Rgba) => `rgb(${Math.round(r)}, ${Math.round(g)}, ${Math.round(b)})`;

      /**
       * The colour painted where `element` shows `paint` (its text, say) over its own
       * background: every ancestor's background composited from the page down, each
       * opacity group mixed back over what lies below it.
       */
      const painted = (element: Element, paint?: string): Rgba => {
        const chain: Element[] = [];
        for (let node: Element | null = element; node; node = node.parentElement) chain.unshift(node);
        const render = (index: number, backdrop: Rgba): Rgba => {
          const node = chain[index];
          const style = getComputedStyle(node);
          let inside = over(rgba(style.backgroundColor), backdrop);
          inside = index + 1 < chain.length ? render(index + 1, inside) : paint ? over(rgba(paint), inside) : inside;
          return mixWith(backdrop, inside, Number(style.opacity));
        };
        return render(0, [255, 255, 255, 1]);
      };
      /** What surrounds the element: its parent's background, as painted. */
      const around = (element: Element): Rgba => painted(element.parentElement ?? element);

      const describe = (element: HTMLElement) => {
        const text = (element.getAttribute("aria-label") ?? element.innerText ?? "").replace(/\s+/g, " ").trim();
        const name = text || element.getAttribute("placeholder") || element.getAttribute("name") || element.id;
        const tag = element.tagName.toLowerCase();
        const kind = element.getAttribute("role") ?? (element instanceof HTMLInputElement ? `input ${element.type}` : tag);
        const flags = [element.matches(":disabled") ? "disabled" : "", element.getAttribute("aria-busy") === "true" ? "busy" : "", element.getAttribute("aria-invalid") === "true" ? "invalid" : ""].filter(Boolean);
        return `${kind} "${name.slice(0, 60)}"${flags.length ? ` (${flags.join(", ")})` : ""}`;
      };

      const problems: string[] = [];
      const need = (element: HTMLElement, what: string, found: number, minimum: number, colours: string) => {
        if (found + 1e-6 < minimum) problems.push(`${state}: ${describe(element)}: ${what} ${found.toFixed(2)}:1, needs ${minimum}:1 (${colours})`);
      };

      for (const element of document.querySelectorAll<HTMLElement>(`[${mark}]`)) {
        const style = getComputedStyle(element);
        const box = element.getBoundingClientRect();
        // Visually hidden (sr-only) until focused: only its focused look counts.
        const shown = box.width > 2 && box.height > 2 && !(style.clipPath !== "none" && style.position === "absolute") && style.clip === "auto";
        if (!shown) continue;
        const field = element.matches("input:not([type=checkbox]):not([type=radio]):not([type=file]):not([type=submit]):not([type=button]):not([type=range]), select, textarea");
        const isSwitch = element.getAttribute("role") === "switch";
        const background = painted(element);

        // Text: its own words (a field's typed value counts too).
        const hasText = field ? Boolean((element as HTMLInputElement).value) : Boolean(element.innerText?.trim());
        if (hasText && !isSwitch) {
          const size = parseFloat(style.fontSize);
          const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
          const text = painted(element, style.color);
          need(element, "text", ratio(text, background), large ? 3 : 4.5, `${show(text)} on ${show(background)}`);
        }
        // A field's edge: its border if it has one, else its own fill.
        if (field) {
          const surround = around(element);
          const edge = parseFloat(style.borderTopWidth) > 0 ? painted(element, style.borderTopColor) : background;
          need(element, "border", ratio(edge, surround), 3, `${show(edge)} beside ${show(surround)}`);
          const placeholder = element.getAttribute("placeholder");
          if (placeholder && !(element as HTMLInputElement).value) {
            const colour = painted(element, getComputedStyle(element, "::placeholder").color);
            need(element, "placeholder", ratio(colour, background), 4.5, `${show(colour)} on ${show(background)}`);
          }
        }
        // A switch is its track: on or off, it must stand out from what surrounds it.
        if (isSwitch) {
          const surround = around(element);
          need(element, "switch track", ratio(background, surround), 3, `${show(background)} beside ${show(surround)}`);
        }
        if (state === "focus") {
          const surround = around(element);
          const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2 ? ratio(painted(element.parentElement ?? element, style.outlineColor), surround) : 0;
          const rings = style.boxShadow === "none" ? [] : (style.boxShadow.match(/(rgba?|oklch|oklab|color)\([^)]*\)/g) ?? []);
          const ring = Math.max(0, ...rings.map((colour) => ratio(painted(element.parentElement ?? element, colour), surround)));
          if (Math.max(outline, ring) < 3) {
            problems.push(
              `focus: ${describe(element)}: no visible focus indicator (outline ${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}, box-shadow ${style.boxShadow}) beside ${show(surround)}`,
            );
          }
        }
      }
      return problems;
    },
    { mark: MARK, state },
  );
}

/** DOM node ids of the marked controls, in the same order as their marks. */
async function markedNodes(cdp: CDPSession): Promise<number[]> {
  const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
  const { nodeIds } = await cdp.send("DOM.querySelectorAll", { nodeId: root.nodeId, selector: `[${MARK}]` });
  return nodeIds;
}

/** Forces (or, with none, releases) pseudo-classes; a control the page has re-rendered since is left out. */
async function forceState(cdp: CDPSession, nodeIds: number[], forcedPseudoClasses: string[]) {
  await Promise.all(nodeIds.map((nodeId) => cdp.send("CSS.forcePseudoState", { nodeId, forcedPseudoClasses }).catch(() => undefined)));
}

/** Every problem of contrast or focus of the page's controls, at rest, hovered and focused. */
export async function controlStateProblems(page: Page, options: { within?: string } = {}): Promise<string[]> {
  const count = await markControls(page, options.within);
  if (count === 0) return [];
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send("DOM.enable");
    await cdp.send("CSS.enable");
    const nodeIds = await markedNodes(cdp);
    const problems = await readProblems(page, "normal");
    for (const [state, classes] of [
      ["hover", ["hover"]],
      ["focus", ["focus", "focus-visible"]],
    ] as const) {
      await forceState(cdp, nodeIds, [...classes]);
      problems.push(...(await readProblems(page, state)));
      await forceState(cdp, nodeIds, []);
    }
    return problems;
  } finally {
    await cdp.detach().catch(() => {});
  }
}

/** Soft: the test goes on and lists every page state it checked. */
export async function expectControlStates(page: Page, label: string, options: { within?: string } = {}) {
  const problems = await controlStateProblems(page, options);
  expect.soft(problems, `control states on ${label}:\n${problems.join("\n")}`).toEqual([]);
}
