import type { Page } from "@playwright/test";

/**
 * What a visitor on a narrow screen would find wrong with the page as it is laid out
 * now, one readable sentence per problem (an empty list when there is none):
 *
 * - the page scrolls sideways;
 * - visible text or a control reaches past an ancestor that hides its overflow (so part
 *   of it is cut off), past the box of an absolutely positioned overlay it sits in (out
 *   of flow, so it spills over whatever lies next to it), or past the page's left edge;
 *   the text of a control runs out of the control's box;
 * - a heading, a text or a control in the first screen sits under a sticky or fixed bar
 *   at the top of the page (the site header);
 * - a control is smaller than 24 x 24 CSS px, with WCAG 2.5.8's exceptions (while a
 *   modal dialog is open, among the dialog's own controls).
 *
 * Measured in the page, so call it after the page has loaded (and, with JavaScript,
 * hydrated), at scroll position 0.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  // Measured when nothing moves: a carousel caught between two slides (the current one
  // sliding in) is not a layout problem. Measuring can start the next move, so it
  // repeats until one measurement saw nothing moving.
  for (let attempt = 1; ; attempt++) {
    await page.evaluate(async () => {
      // Text is measured in the font it ends up in.
      await document.fonts.ready;
      const ending = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
      await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
    });
    const { problems, moving } = await page.evaluate(findLayoutProblems);
    if (!moving || attempt === 5) return problems;
  }
}

/**
 * Runs inside the page: everything it uses is defined within it.
 *
 * A box laid out only near the screen (`content-visibility: auto`, a home's card) keeps
 * its placeholder height until scrolled to; each is measured as drawn. It is shown for
 * the measuring and put back in the same task, before the browser draws a frame, so it
 * remembers no size it did not have and the page keeps its scroll position: the check
 * leaves the page as it found it.
 */
function findLayoutProblems(): { problems: string[]; moving: boolean } {
  const scroll = { x: window.scrollX, y: window.scrollY };
  const drawnNearScreen = [...document.querySelectorAll<HTMLElement>("*")]
    .filter((el) => getComputedStyle(el).contentVisibility === "auto")
    // Its style attribute as it was, to put back exactly.
    .map((el) => ({ el, style: el.getAttribute("style") }));
  for (const { el } of drawnNearScreen) {
    el.style.contentVisibility = "visible";
    el.style.containIntrinsicSize = "none";
  }
  try {
    return measure();
  } finally {
    for (const { el, style } of drawnNearScreen) {
      if (style === null) el.removeAttribute("style");
      else el.setAttribute("style", style);
    }
    window.scrollTo(scroll.x, scroll.y);
  }

  // The checks (hoisted; inside this function, since the page gets only its source).
  function measure(): { problems: string[]; moving: boolean } {
    // Sub-pixel layout: a box 0.5 px past another is rounding, not a cut.
    const TOLERANCE = 1;
    const MIN_TARGET = 24;
    // Everything a visitor can operate. Labels are checked for clipping and the header;
    // their size is not, since the field they label is the target (WCAG 2.5.8's
    // "equivalent" exception), and that field is checked.
    const CONTROLS = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, label, [role="button"]';
    const TARGETS = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"]';

    type Box = { left: number; top: number; right: number; bottom: number };
    const problems: string[] = [];
    const root = document.documentElement;
    const viewportWidth = root.clientWidth;
    const viewportHeight = root.clientHeight;
    const styles = new Map<Element, CSSStyleDeclaration>();
    const style = (el: Element) => {
      let cs = styles.get(el);
      if (!cs) styles.set(el, (cs = getComputedStyle(el)));
      return cs;
    };
    const hides = (overflow: string) => overflow === "hidden" || overflow === "clip";
    const round = (n: number) => Math.round(n * 10) / 10;
    const boxText = (b: Box) => `[x ${round(b.left)}..${round(b.right)}, y ${round(b.top)}..${round(b.bottom)}]`;
    const sizeText = (b: Box) => `${round(b.right - b.left)} x ${round(b.bottom - b.top)} px`;
    const shorten = (text: string, max = 60) => {
      const flat = text.replace(/\s+/g, " ").trim();
      return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
    };
    const describe = (el: Element) => {
      const tag = el.tagName.toLowerCase();
      const id = el.id ? `#${el.id}` : "";
      const classes = (el.getAttribute("class") ?? "").trim().split(/\s+/).filter(Boolean).slice(0, 4);
      const cls = classes.length ? `.${classes.join(".")}` : "";
      const text = shorten(el.textContent ?? "");
      const name = el.getAttribute("aria-label");
      return `<${tag}${id}${cls}>${text ? ` "${text}"` : name ? ` [${name}]` : ""}`;
    };
    const overlap = (a: Box, b: Box) =>
      Math.min(a.right, b.right) - Math.max(a.left, b.left) > TOLERANCE &&
      Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > TOLERANCE;
    const union = (boxes: Box[]): Box => ({
      left: Math.min(...boxes.map((b) => b.left)),
      top: Math.min(...boxes.map((b) => b.top)),
      right: Math.max(...boxes.map((b) => b.right)),
      bottom: Math.max(...boxes.map((b) => b.bottom)),
    });

    const isVisible = (el: Element) => {
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0;
    };

    // Hidden on purpose, so out of scope: the visually-hidden pattern (.sr-only, the
    // contact form's honeypot: a box of at most 1 x 1 px that hides what overflows it),
    // and carousel slides other than the current one (aria-hidden and inert, moved out
    // of the carousel's window by design).
    const hiddenOnPurpose = new Map<Element, boolean>();
    const isHiddenOnPurpose = (el: Element): boolean => {
      const known = hiddenOnPurpose.get(el);
      if (known !== undefined) return known;
      const cs = style(el);
      const r = el.getBoundingClientRect();
      const visuallyHidden = r.width <= 1 && r.height <= 1 && (hides(cs.overflowX) || hides(cs.overflowY) || cs.clip !== "auto");
      // (Its role description is in the page's language: "slide", "diapositiva".)
      const offSlide = el.hasAttribute("aria-roledescription") && el.hasAttribute("inert") && el.getAttribute("aria-hidden") === "true";
      const result = visuallyHidden || offSlide || (el.parentElement ? isHiddenOnPurpose(el.parentElement) : false);
      hiddenOnPurpose.set(el, result);
      return result;
    };

    // Whether a box creates the containing block of fixed-position descendants (and so
    // also of absolute ones), per CSS: transforms, filters, containment and the like.
    const holdsFixed = (cs: CSSStyleDeclaration) =>
      cs.transform !== "none" ||
      cs.perspective !== "none" ||
      cs.filter !== "none" ||
      (cs.backdropFilter ?? "none") !== "none" ||
      /paint|layout|strict|content/.test(cs.contain) ||
      /transform|perspective|filter/.test(cs.willChange);

    /**
     * The ancestors whose overflow clipping and whose box apply to content of `el`: its
     * containing-block chain (an absolute box escapes non-positioned ancestors, a fixed
     * one everything up to a transformed ancestor), from `el` itself when asked. The
     * root and body are left out: their overflow is the viewport's, checked on its own.
     */
    const containingChain = (el: Element, includeSelf: boolean): Element[] => {
      const chain: Element[] = includeSelf ? [el] : [];
      let position = style(el).position;
      for (let cur = el.parentElement; cur && cur !== document.body && cur !== root; cur = cur.parentElement) {
        const cs = style(cur);
        const contains =
          position === "fixed" ? holdsFixed(cs) : position === "absolute" ? cs.position !== "static" || holdsFixed(cs) : true;
        if (!contains) continue;
        chain.push(cur);
        position = cs.position;
      }
      return chain;
    };

    /** The padding box: where overflow clipping cuts. */
    const paddingBox = (el: Element): Box => {
      const r = el.getBoundingClientRect();
      const cs = style(el);
      return {
        left: r.left + parseFloat(cs.borderLeftWidth),
        top: r.top + parseFloat(cs.borderTopWidth),
        right: r.right - parseFloat(cs.borderRightWidth),
        bottom: r.bottom - parseFloat(cs.borderBottomWidth),
      };
    };

    const beyond = (inner: Box, outer: Box, x: boolean, y: boolean) => {
      const sides: string[] = [];
      if (x && inner.left < outer.left - TOLERANCE) sides.push(`${round(outer.left - inner.left)} px on the left`);
      if (x && inner.right > outer.right + TOLERANCE) sides.push(`${round(inner.right - outer.right)} px on the right`);
      if (y && inner.top < outer.top - TOLERANCE) sides.push(`${round(outer.top - inner.top)} px at the top`);
      if (y && inner.bottom > outer.bottom + TOLERANCE) sides.push(`${round(inner.bottom - outer.bottom)} px at the bottom`);
      return sides.join(" and ");
    };

    // ---- What to look at: text (the boxes of its lines) and controls (their border box).
    type Item = { el: Element; kind: "text" | "control" | "heading"; boxes: Box[] };
    const textItems = new Map<Element, Item>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!/\S/.test(node.textContent ?? "")) continue;
      const parent = node.parentElement;
      // Text of <option> and <textarea> is drawn by the control itself (checked as one).
      if (!parent || parent.closest("script, style, noscript, template, select, textarea")) continue;
      if (!isVisible(parent) || isHiddenOnPurpose(parent)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const boxes = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0).map((r) => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom }));
      if (!boxes.length) continue;
      const item = textItems.get(parent) ?? { el: parent, kind: "text" as const, boxes: [] };
      item.boxes.push(...boxes);
      textItems.set(parent, item);
    }
    const controlItems: Item[] = [...document.body.querySelectorAll(CONTROLS)]
      .filter((el) => isVisible(el) && !isHiddenOnPurpose(el))
      .map((el) => ({ el, kind: "control" as const, boxes: [el.getBoundingClientRect()] }));
    const headingItems: Item[] = [...document.body.querySelectorAll("h1, h2, h3, h4, h5, h6")]
      .filter((el) => isVisible(el) && !isHiddenOnPurpose(el))
      .map((el) => ({ el, kind: "heading" as const, boxes: [el.getBoundingClientRect()] }));

    // ---- 1. Sideways scrolling.
    if (root.scrollWidth > viewportWidth) {
      // The outermost boxes that stick out, and text that sticks out of its own box (a
      // long word), unless something on the way clips or scrolls them.
      const scrolls = (el: Element, includeSelf: boolean) => containingChain(el, includeSelf).some((a) => style(a).overflowX !== "visible");
      const elements = [...document.body.querySelectorAll("*")]
        .filter((el) => isVisible(el) && !isHiddenOnPurpose(el))
        .filter((el) => {
          if (el.getBoundingClientRect().right <= viewportWidth + TOLERANCE) return false;
          const parent = el.parentElement;
          if (parent && parent !== document.body && parent.getBoundingClientRect().right > viewportWidth + TOLERANCE) return false;
          return !scrolls(el, false);
        })
        .map((el) => ({ right: el.getBoundingClientRect().right, text: `${describe(el)} ${boxText(el.getBoundingClientRect())}` }));
      const texts = [...textItems.values()]
        .filter((item) => union(item.boxes).right > viewportWidth + TOLERANCE && !scrolls(item.el, true))
        .map((item) => ({ right: union(item.boxes).right, text: `the text of ${describe(item.el)} ${boxText(union(item.boxes))}` }));
      const culprits = [...elements, ...texts].sort((a, b) => b.right - a.right).slice(0, 5);
      problems.push(
        `the page scrolls sideways: ${root.scrollWidth} px of content in a ${viewportWidth} px wide window; widest: ` +
          (culprits.length ? culprits.map((c) => c.text).join("; ") : "(no single element found)"),
      );
    }

    // ---- 2. Cut off: by an ancestor that hides overflow, out of an overlay, off the left edge.
    for (const item of [...textItems.values(), ...controlItems]) {
      const area = union(item.boxes);
      const what = `${item.kind === "text" ? "the text of" : "the control"} ${describe(item.el)} ${boxText(area)}`;
      if (area.left < -TOLERANCE) {
        problems.push(`${what} is cut off by the left edge of the page (${round(-area.left)} px)`);
        continue;
      }
      // A control's words belong inside its box (its background and border): a label that
      // wraps in a fixed-height button runs over its edges.
      const control = item.kind === "text" ? item.el.closest(TARGETS) : null;
      if (control && style(control).display !== "inline") {
        const sides = beyond(area, control.getBoundingClientRect(), true, true);
        if (sides) {
          problems.push(`${what} runs out of its control ${describe(control)} ${boxText(control.getBoundingClientRect())} by ${sides}`);
          continue;
        }
      }
      for (const ancestor of containingChain(item.el, item.kind === "text")) {
        const cs = style(ancestor);
        const clipX = hides(cs.overflowX);
        const clipY = hides(cs.overflowY);
        if (clipX || clipY) {
          const sides = beyond(area, paddingBox(ancestor), clipX, clipY);
          if (sides) {
            problems.push(`${what} is clipped by ${describe(ancestor)} ${boxText(paddingBox(ancestor))}: ${sides} hidden`);
            break;
          }
        }
        // A positioned box of no size is an anchor its content is placed from (a map's
        // panes are), not an overlay with edges: what counts is the clipping around it.
        const anchorOnly = ancestor.getBoundingClientRect().width === 0 && ancestor.getBoundingClientRect().height === 0;
        if ((cs.position === "absolute" || cs.position === "fixed") && !anchorOnly) {
          const sides = beyond(area, ancestor.getBoundingClientRect(), true, true);
          if (sides) {
            problems.push(
              `${what} spills out of the ${cs.position} overlay ${describe(ancestor)} ${boxText(ancestor.getBoundingClientRect())} by ${sides}, over whatever lies there`,
            );
            break;
          }
        }
        // Past a scrolling box the content is that box's to show, by scrolling.
        if (/auto|scroll/.test(`${cs.overflowX} ${cs.overflowY}`)) break;
      }
    }

    // A control sized by its class (h-11 and the like) whose label wraps or runs long:
    // the lines of the label no longer fit the box drawn around them. Form fields
    // scroll their own contents, so they are left out.
    for (const control of controlItems.map((item) => item.el)) {
      if (!control.matches('a[href], button, summary, [role="button"]') || style(control).display === "inline") continue;
      const tooWide = control.scrollWidth - control.clientWidth;
      const tooTall = control.scrollHeight - control.clientHeight;
      if (tooWide > TOLERANCE || tooTall > TOLERANCE) {
        problems.push(
          `the content of the control ${describe(control)} ${boxText(control.getBoundingClientRect())} does not fit inside it: ` +
            `${control.scrollWidth} x ${control.scrollHeight} px of content in a ${control.clientWidth} x ${control.clientHeight} px box`,
        );
      }
    }

    // ---- 3. Under the sticky header at load: bars stuck to the top of the window.
    // Only where the bar is painted over the item: a modal dialog above the header is not under it.
    const barPaintedOver = (bar: Element, box: Box, barBox: Box) => {
      const x = (Math.max(box.left, barBox.left) + Math.min(box.right, barBox.right)) / 2;
      const y = (Math.max(box.top, barBox.top) + Math.min(box.bottom, barBox.bottom)) / 2;
      const top = document.elementFromPoint(x, y);
      return !top || bar.contains(top);
    };
    const bars = [...document.body.querySelectorAll("*")].filter((el) => {
      const cs = style(el);
      if (cs.position !== "sticky" && cs.position !== "fixed") return false;
      if (!isVisible(el)) return false;
      const r = el.getBoundingClientRect();
      // A bar, not a drawer or dialog covering the page.
      return r.top <= TOLERANCE && r.bottom > 0 && r.width >= viewportWidth / 2 && r.height < viewportHeight / 2;
    });
    const firstScreen: Box = { left: 0, top: 0, right: viewportWidth, bottom: viewportHeight };
    const underBar = new Set<Element>();
    for (const bar of bars) {
      const barBox = bar.getBoundingClientRect();
      for (const item of [...headingItems, ...controlItems, ...textItems.values()]) {
        if (underBar.has(item.el) || bar.contains(item.el) || item.el.contains(bar)) continue;
        const hit = item.boxes.find((b) => overlap(b, firstScreen) && overlap(b, barBox) && barPaintedOver(bar, b, barBox));
        if (hit) {
          underBar.add(item.el);
          problems.push(
            `the ${item.kind} ${describe(item.el)} ${boxText(union(item.boxes))} sits under the sticky header ${describe(bar)} ${boxText(barBox)} at page load`,
          );
        }
      }
    }

    // ---- 4. Targets of at least 24 x 24 px (WCAG 2.5.8), with its exceptions: a link
    // inside a sentence, and an undersized target whose 24 px circle touches no other
    // target and no other undersized target's circle.
    // A target scrolled out of its scrolling box (a long dialog's lower fields) is drawn
    // nowhere on the page: where its box would be, the page shows something else.
    const clippedOut = (el: Element) => {
      const r = el.getBoundingClientRect();
      for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
        const cs = style(box);
        if (cs.overflowX === "visible" && cs.overflowY === "visible") continue;
        const b = box.getBoundingClientRect();
        if (r.bottom <= b.top || r.top >= b.bottom || r.right <= b.left || r.left >= b.right) return true;
      }
      return false;
    };
    // Behind an open modal dialog the page is out of reach (its backdrop takes the taps):
    // only the dialog's own targets can be mistaken for one another.
    const modal = document.querySelector('[aria-modal="true"]');
    const reachable = (el: Element) => !modal || modal.contains(el);
    const targets = [...document.body.querySelectorAll(TARGETS)].filter((el) => isVisible(el) && !isHiddenOnPurpose(el) && !clippedOut(el) && reachable(el));
    const small = (r: DOMRect) => r.width < MIN_TARGET - 0.05 || r.height < MIN_TARGET - 0.05;
    const inSentence = (el: Element) => {
      if (style(el).display !== "inline") return false;
      let block = el.parentElement;
      while (block && style(block).display.startsWith("inline")) block = block.parentElement;
      if (!block) return false;
      const words = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
      for (let node = words.nextNode(); node; node = words.nextNode()) {
        if (el.contains(node) || !node.parentElement || isHiddenOnPurpose(node.parentElement)) continue;
        if (/\S/.test(node.textContent ?? "")) return true;
      }
      return false;
    };
    const undersized = targets.filter((el) => small(el.getBoundingClientRect()) && !inSentence(el));
    const centre = (r: DOMRect) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
    const distanceToBox = (p: { x: number; y: number }, r: DOMRect) =>
      Math.hypot(Math.max(r.left - p.x, 0, p.x - r.right), Math.max(r.top - p.y, 0, p.y - r.bottom));
    for (const el of undersized) {
      const r = el.getBoundingClientRect();
      const c = centre(r);
      const crowding = targets.find((other) => {
        if (other === el || other.contains(el) || el.contains(other)) return false;
        const o = other.getBoundingClientRect();
        if (distanceToBox(c, o) < MIN_TARGET / 2) return true;
        if (!undersized.includes(other)) return false;
        const oc = centre(o);
        return Math.hypot(c.x - oc.x, c.y - oc.y) < MIN_TARGET;
      });
      if (crowding) {
        problems.push(
          `the target ${describe(el)} ${boxText(r)} is ${sizeText(r)}, under 24 x 24, and too close to ${describe(crowding)} ${boxText(crowding.getBoundingClientRect())} for the spacing exception`,
        );
      }
    }

    const moving = document
      .getAnimations()
      .some((a) => a.playState === "running" && a.effect?.getComputedTiming().endTime !== Infinity);
    return { problems, moving };
  }
}
