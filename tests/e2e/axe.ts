import { expect, type Page } from "@playwright/test";
import axe from "axe-core";

/** The two widths every page is checked at: a small phone and a desktop. */
export const AXE_VIEWPORTS = [
  { name: "phone", width: 320, height: 640 },
  { name: "desktop", width: 1280, height: 800 },
] as const;

type AxeResults = axe.AxeResults;

/**
 * Runs axe-core in the page as it is now: every rule it ships, or all but `disableRules`,
 * over the whole document or only `within` (an open dialog).
 *
 * axe-core is put into a document once and run there as often as the test asks. The
 * AxeBuilder of @axe-core/playwright evaluates axe's 550 KB source twice on every call
 * and opens a blank page to merge the results, about three times the cost of the run
 * itself; the site's pages have no frames, so axe.run in the page finds the same.
 */
export async function runAxe(page: Page, options: { within?: string; disableRules?: readonly string[] } = {}): Promise<AxeResults> {
  const loaded = await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === "function");
  if (!loaded) await page.evaluate(axe.source);
  return page.evaluate(
    ({ within, disableRules }) => {
      const inPage = (window as unknown as { axe: typeof axe }).axe;
      const rules = Object.fromEntries(disableRules.map((id) => [id, { enabled: false }]));
      // Only the violations are asserted: axe then skips describing every passing node
      // (their markup and selectors), a tenth of the result and an eighth less time.
      return inPage.run(within ? { include: [within] } : document, { rules, resultTypes: ["violations"] });
    },
    { within: options.within, disableRules: [...(options.disableRules ?? [])] },
  );
}

/** One line per offending node, so a failure says what to fix without opening a trace. */
export function describeViolations(violations: AxeResults["violations"]): string {
  return violations
    .flatMap((violation) =>
      violation.nodes.map(
        // The element's opening markup too: axe's selector alone (".border-slate-300") rarely says which one.
        (node) =>
          `[${violation.impact ?? "?"}] ${violation.id}: ${node.target.join(" ")} ${node.html.replace(/\s+/g, " ").slice(0, 200)} — ${node.failureSummary?.replace(/\s+/g, " ") ?? violation.help}`,
      ),
    )
    .join("\n");
}

/**
 * The page's document as a browser without JavaScript shows it: no scripts, and the
 * contents of every <noscript> in place.
 */
function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "")
    .replace(/<\/?noscript\b[^>]*>/gi, "");
}

/** A test page's replay page, made on its first check, and the document it shows now. */
type Replay = { page: Page; shown: string | null };
const replays = new WeakMap<Page, Promise<Replay>>();

function replayFor(page: Page): Promise<Replay> {
  let replay = replays.get(page);
  if (!replay) {
    const browser = page.context().browser();
    if (!browser) throw new Error("no browser to replay the page in");
    replay = browser.newContext({ javaScriptEnabled: true }).then(async (context) => {
      // Gone with the test's page, at the end of the test.
      page.once("close", () => void context.close().catch(() => {}));
      return { page: await context.newPage(), shown: null };
    });
    replays.set(page, replay);
  }
  return replay;
}

/**
 * axe-core runs inside the page, which a page without JavaScript cannot do. So the
 * document it shows is replayed at its own URL in a page with JavaScript (the same
 * width, the same styles and images from the server) but with none of the site's scripts.
 * One replay page serves all of a test's checks.
 */
async function analyzeWithoutJavaScript(page: Page, within?: string): Promise<AxeResults> {
  const html = withoutScripts(await page.content());
  const url = page.url();
  const replay = await replayFor(page);
  const viewport = page.viewportSize();
  if (viewport) await replay.page.setViewportSize(viewport);
  // The same document at another width (a page without scripts changes only by its
  // styles' media queries): the replay is resized, not loaded again.
  const document = `${url}\n${html}`;
  if (replay.shown !== document) {
    await replay.page.unrouteAll();
    await replay.page.route(url, (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }));
    // From a blank page, so that the same URL with another #fragment is loaded, not scrolled to.
    await replay.page.goto("about:blank");
    await replay.page.goto(url);
    await replay.page.waitForLoadState("load");
    replay.shown = document;
  }
  return runAxe(replay.page, { within });
}

/**
 * Runs axe-core over the page as it is now (every rule axe ships, not only WCAG A/AA)
 * and fails on any violation of any impact. `within` limits it to part of the page
 * (an open dialog). Pages opened without JavaScript are checked as they are shown.
 */
export async function expectNoAxeViolations(page: Page, label: string, options: { within?: string; javaScriptEnabled?: boolean; soft?: boolean } = {}) {
  const javaScriptEnabled = options.javaScriptEnabled ?? true;
  let results: AxeResults;
  if (javaScriptEnabled) {
    results = await runAxe(page, { within: options.within });
  } else {
    results = await analyzeWithoutJavaScript(page, options.within);
  }
  // soft: the test goes on and reports every page it checked, not only the first to fail.
  (options.soft ? expect.soft : expect)(results.violations, `axe on ${label} (JavaScript ${javaScriptEnabled ? "on" : "off"}):\n${describeViolations(results.violations)}`).toEqual([]);
}

type Viewport = (typeof AXE_VIEWPORTS)[number];

/**
 * For each width: sets it, lets `show` bring the page to the state to check (or
 * nothing, when a state holds across widths), then runs axe.
 */
export async function checkAtEveryWidth(
  page: Page,
  javaScriptEnabled: boolean,
  label: string,
  show: (viewport: Viewport) => Promise<void>,
  within?: string,
) {
  for (const viewport of AXE_VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await show(viewport);
    await expectNoAxeViolations(page, `${label} at ${viewport.width} px`, { javaScriptEnabled, within, soft: true });
  }
}
