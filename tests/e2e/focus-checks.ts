import type { Page } from "@playwright/test";
import { AA, backdropOf, describeBackdrop, someColorStandsOut, type Layer } from "./contrast";
import { installPaintProbe, type PaintProbe } from "./paint-probe";

/**
 * What a keyboard user sees of the focus: the element Tab reached, its focus indicator
 * (outline and box-shadow rings, as computed), what is painted around it, and whether it
 * is really there to see (not hidden, clipped or covered).
 */
export type FocusReport = {
  label: string;
  /** Why the focused element cannot be seen at all (zero size, hidden, aria-hidden, inert), or null. */
  hidden: string | null;
  outline: { style: string; width: number; offset: number; color: string };
  shadows: { color: string; x: number; y: number; blur: number; spread: number; inset: boolean }[];
  /** The ancestor whose hidden overflow cuts the indicator, or null. */
  clippedBy: string | null;
  /** Nothing of the element can be hit where it is: something (a sticky bar) covers it. */
  obscured: boolean;
  /** What is painted just beside the indicator, at the middle of each side in the viewport. */
  backdrops: Layer[][];
};

/** "segment": Tab moved between the parts of one field (a date's month, day and year). */
type Step = { end: "left" | "cycled" | "segment"; index: number; report: FocusReport | null };

/**
 * Runs inside the page: reports on document.activeElement, or says the focus left the
 * document ("left") or came back to an element the walk met before ("cycled").
 */
function inspectActiveElement(full: boolean): Step {
  const walk = ((window as unknown as { __focusWalk?: Element[] }).__focusWalk ??= []);
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body || el === document.documentElement) return { end: "left", index: -1, report: null };
  const seen = walk.indexOf(el);
  // A date or time field takes Tab through its parts before the next element.
  if (seen >= 0 && seen === walk.length - 1 && el instanceof HTMLInputElement && /^(date|time|datetime-local|month|week)$/.test(el.type)) {
    return { end: "segment", index: seen, report: null };
  }
  if (seen >= 0) return { end: "cycled", index: seen, report: null };
  walk.push(el);

  const name = (el.getAttribute("aria-label") ?? el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 60);
  const label = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""} "${name}"`;
  const style = getComputedStyle(el);
  const rect = el.getBoundingClientRect();
  const px = (value: string) => Number.parseFloat(value) || 0;

  let hidden: string | null = null;
  if (rect.width < 1 || rect.height < 1) hidden = `zero size (${rect.width}x${rect.height})`;
  else if (style.visibility !== "visible") hidden = `visibility ${style.visibility}`;
  else if (el.closest("[aria-hidden='true']")) hidden = "inside aria-hidden";
  else if (el.closest("[inert]")) hidden = "inside inert";
  else {
    for (let node: Element | null = el; node; node = node.parentElement) {
      if (getComputedStyle(node).opacity === "0") hidden = "opacity 0";
    }
  }

  const probe = (window as unknown as { __paintProbe: PaintProbe }).__paintProbe;
  // Commas inside colour functions do not separate shadows.
  const splitTopLevel = probe.splitTopLevel;
  const shadows =
    style.boxShadow === "none"
      ? []
      : splitTopLevel(style.boxShadow).flatMap((part) => {
          const match = part.match(/^(.*\))\s+(-?[\d.]+)px\s+(-?[\d.]+)px\s+(-?[\d.]+)px\s+(-?[\d.]+)px(\s+inset)?$/);
          return match ? [{ color: match[1], x: px(match[2]), y: px(match[3]), blur: px(match[4]), spread: px(match[5]), inset: Boolean(match[6]) }] : [];
        });
  const outline = { style: style.outlineStyle, width: px(style.outlineWidth), offset: px(style.outlineOffset), color: style.outlineColor };
  const outlineShown = outline.style !== "none" && outline.style !== "hidden" && outline.width > 0;
  // How far the indicator reaches out of the border box (and into it, below 0).
  const reach = Math.max(outlineShown ? outline.offset + outline.width : 0, ...shadows.filter((s) => !s.inset).map((s) => s.spread));
  const inward = Math.min(outlineShown ? outline.offset : 0, ...shadows.filter((s) => s.inset).map((s) => -s.spread));

  let clippedBy: string | null = null;
  for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
    const nodeStyle = getComputedStyle(node);
    if (![nodeStyle.overflowX, nodeStyle.overflowY].some((o) => o === "hidden" || o === "clip")) continue;
    const box = node.getBoundingClientRect();
    const left = box.left + node.clientLeft;
    const top = box.top + node.clientTop;
    const grow = Math.max(0, reach);
    const cut =
      rect.left - grow < left - 0.5 ||
      rect.top - grow < top - 0.5 ||
      rect.right + grow > left + node.clientWidth + 0.5 ||
      rect.bottom + grow > top + node.clientHeight + 0.5;
    if (cut) {
      clippedBy = `${node.tagName.toLowerCase()}.${String(node.className).split(" ").slice(0, 4).join(".")}`;
      break;
    }
  }

  const inViewport = (x: number, y: number) => x >= 0 && y >= 0 && x < innerWidth && y < innerHeight;
  const insidePoints = [
    [rect.left + rect.width / 2, rect.top + rect.height / 2],
    [rect.left + 2, rect.top + 2],
    [rect.right - 2, rect.top + 2],
    [rect.left + 2, rect.bottom - 2],
    [rect.right - 2, rect.bottom - 2],
  ].filter(([x, y]) => inViewport(x, y));
  const obscured = !insidePoints.some(([x, y]) => {
    const hit = document.elementFromPoint(x, y);
    return hit !== null && (hit === el || el.contains(hit));
  });

  const backdrops: Layer[][] = [];
  if (full) {
    // Beside the indicator: just outside it, or, for one drawn inside the element, just inside it.
    const d = reach > 0 ? reach + 1.5 : inward - 1.5;
    const cx = rect.left + rect.width / 2;
    const cy = rect.top + rect.height / 2;
    const points = [
      [cx, rect.top - d],
      [cx, rect.bottom + d],
      [rect.left - d, cy],
      [rect.right + d, cy],
    ].filter(([x, y]) => inViewport(x, y));

    for (const [x, y] of points) backdrops.push(probe.layersAt(x, y));
  }

  return { end: "cycled", index: -2, report: { label, hidden, outline, shadows, clippedBy, obscured, backdrops } };
}

/** The indicator's bands of colour, each with the thickness left visible by those painted above it. */
export function indicatorBands(report: FocusReport): { color: string; thickness: number }[] {
  // Distances from the border edge, positive outwards; the outline is painted above the shadows,
  // and each shadow above the ones listed after it.
  const painted: { color: string; from: number; to: number }[] = [];
  const { outline } = report;
  if (outline.style !== "none" && outline.style !== "hidden" && outline.width > 0) {
    painted.push({ color: outline.color, from: outline.offset, to: outline.offset + outline.width });
  }
  for (const shadow of report.shadows) {
    if (shadow.x !== 0 || shadow.y !== 0 || shadow.blur > 0.5 || shadow.spread <= 0) continue;
    painted.push(shadow.inset ? { color: shadow.color, from: -shadow.spread, to: 0 } : { color: shadow.color, from: 0, to: shadow.spread });
  }
  const STEP = 0.25;
  return painted
    .map((band, i) => {
      let visible = 0;
      for (let at = band.from + STEP / 2; at < band.to; at += STEP) {
        if (!painted.slice(0, i).some((above) => at > above.from && at < above.to)) visible += STEP;
      }
      return { color: band.color, thickness: visible };
    })
    .filter((band) => !/^(rgba\(0, 0, 0, 0\)|transparent)$/.test(band.color));
}

/** What a keyboard user would find wrong with this focused element, one sentence each. */
export function focusProblems(report: FocusReport): string[] {
  const problems: string[] = [];
  const say = (text: string) => problems.push(`${report.label}: ${text}`);
  if (report.hidden) say(`focus landed on an element that cannot be seen (${report.hidden})`);
  if (report.obscured) say("it is covered by something else where it is");
  if (report.clippedBy) say(`its focus indicator is cut off by ${report.clippedBy}`);
  const bands = indicatorBands(report).filter((band) => band.thickness >= 2 - 0.01);
  if (!bands.length) {
    const { outline } = report;
    say(`no focus indicator 2 px thick or more (outline ${outline.style} ${outline.width}px ${outline.color}; shadows ${JSON.stringify(report.shadows.map((s) => `${s.color} ${s.spread}px`))})`);
    return problems;
  }
  if (!report.backdrops.length) say("nothing beside its focus indicator is in the viewport to compare it with");
  for (const layers of report.backdrops) {
    const backdrop = backdropOf(layers);
    if (!someColorStandsOut(bands.map((band) => band.color), backdrop, AA.nonText)) {
      say(`its focus indicator (${bands.map((band) => band.color).join(" and ")}) is below 3:1 against ${describeBackdrop(backdrop)}`);
    }
  }
  return problems;
}

export type WalkResult = { labels: string[]; problems: string[] };

/**
 * Walks the page with Tab from where the focus is now, checking every element it
 * reaches, then (with `retrace`) walks back with Shift+Tab, which must meet the same
 * elements in reverse order (so no element traps the focus either way). `within`: a
 * modal dialog, which keeps the focus inside it (the walk must come round to where it
 * started); otherwise the walk must reach the end of the page (the focus leaves the
 * document).
 */
export async function walkWithTab(page: Page, options: { within?: string; limit?: number; retrace?: boolean } = {}): Promise<WalkResult> {
  const limit = options.limit ?? 300;
  await installPaintProbe(page);
  await page.evaluate(() => ((window as unknown as { __focusWalk?: Element[] }).__focusWalk = []));
  const labels: string[] = [];
  const problems: string[] = [];
  let ended: Step | null = null;
  for (let i = 0; i < limit && !ended; i++) {
    await page.keyboard.press("Tab");
    const step = await page.evaluate(inspectActiveElement, true);
    if (step.report) {
      labels.push(step.report.label);
      problems.push(...focusProblems(step.report));
      if (options.within && !(await page.evaluate((selector) => Boolean(document.activeElement?.closest(selector)), options.within))) {
        problems.push(`${step.report.label}: the focus left the dialog ${options.within}`);
      }
    } else if (step.end !== "segment") ended = step;
  }
  if (!ended) return { labels, problems: [...problems, `Tab went on past ${limit} elements without reaching the end: a trap? (${labels.slice(-5).join(", ")})`] };
  if (options.within && !(ended.end === "cycled" && ended.index === 0)) problems.push(`inside ${options.within}, Tab did not come round to the first element (${ended.end} at ${ended.index})`);
  if (!options.within && ended.end !== "left") problems.push(`Tab came back to ${labels[ended.index]} before the end of the page: a trap`);
  if (options.retrace === false) return { labels, problems };

  // Back with Shift+Tab: the same elements in reverse, from the last (after the end of a
  // page, or from the first of a dialog, round to its last) to the first.
  const expected = [...labels].reverse();
  await page.evaluate(() => ((window as unknown as { __focusWalk?: Element[] }).__focusWalk = []));
  const back: string[] = [];
  for (let i = 0; i < expected.length; i++) {
    await page.keyboard.press("Shift+Tab");
    const step = await page.evaluate(inspectActiveElement, false);
    if (step.end === "segment") {
      i--;
      continue;
    }
    if (!step.report) break;
    back.push(step.report.label);
    if (step.report.hidden) problems.push(`${step.report.label} (Shift+Tab): focus landed on an element that cannot be seen (${step.report.hidden})`);
    if (step.report.obscured) problems.push(`${step.report.label} (Shift+Tab): it is covered by something else where it is`);
  }
  if (back.join("\n") !== expected.join("\n")) {
    problems.push(`Shift+Tab did not retrace Tab's steps in reverse:\n  expected ${expected.join(" < ")}\n  got      ${back.join(" < ")}`);
  }
  return { labels, problems };
}
