import { Transform } from "node:stream";

/**
 * Starts the page's scripts once its first photo is drawn. Every public page is whole
 * without JavaScript (the scripts only hydrate what the server drew), so on a slow phone
 * connection the stylesheet and the LCP photo should have the bandwidth to themselves.
 *
 * React Router's <Scripts> writes module preloads for every script file and an inline module
 * script whose static imports fetch them at once. This transform rewrites that block as
 * the page streams out: the preloads are made inert, and the inline script imports the same
 * files, in the same order, once the photo marked fetchpriority="high" has been drawn
 * (AFTER_THE_PHOTO_AT_THE_LATEST_MS after it loaded or failed, where the browser does
 * not report the paint); after the first frame on a page without one; and at the
 * visitor's first tap or key, or after HYDRATE_AT_THE_LATEST_MS, whichever comes first.
 * It then turns the preloads on, so the files still arrive in parallel. A block of
 * another shape passes through unchanged. See docs/decisions/025-hydration-after-the-first-photo.md.
 *
 * Bytes are handled as latin1 so that every byte passes through unchanged.
 */

const BLOCK_START = '<link rel="modulepreload"';
// Its attributes in any order (a nonce comes first while the page is rendered).
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;
const moduleScriptIn = (text: string) => [...text.matchAll(SCRIPT)].find((script) => /\btype="module"/.test(script[1]));
const PRELOAD_TAG = /<link rel="modulepreload"[^>]*?href="([^"]+)"[^>]*>/g;
const ROUTE_IMPORT = /^\s*import \* as (route\d+) from "([^"]+)";\s*$/gm;
const ENTRY_IMPORT = /^\s*import\("([^"]+)"\);\s*$/m;
const HYDRATE_AT_THE_LATEST_MS = 4000;
const AFTER_THE_PHOTO_AT_THE_LATEST_MS = 300;

export function withHydrationAfterFirstPhoto(): Transform {
  // "pass": before the block; "hold": inside it, kept back until its script closes; "done": after.
  let state: "pass" | "hold" | "done" = "pass";
  let text = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      text += chunk.toString("latin1");
      let out = "";
      if (state === "pass") {
        const start = text.indexOf(BLOCK_START);
        if (start === -1) {
          const keep = partialAtEnd(text, BLOCK_START);
          out = text.slice(0, text.length - keep);
          text = text.slice(text.length - keep);
        } else {
          out = text.slice(0, start);
          text = text.slice(start);
          state = "hold";
        }
      }
      if (state === "hold") {
        const script = moduleScriptIn(text);
        if (script) {
          const end = script.index! + script[0].length;
          out += deferHydration(text.slice(0, end)) + text.slice(end);
          text = "";
          state = "done";
        }
      } else if (state === "done") {
        out += text;
        text = "";
      }
      callback(null, out.length ? Buffer.from(out, "latin1") : undefined);
    },
    flush(callback) {
      callback(null, text.length ? Buffer.from(text, "latin1") : undefined);
    },
  });
}

/**
 * The block from the first module preload to the end of the router's inline module script,
 * rewritten so the imports wait (see above); unchanged when it is not of that shape.
 */
export function deferHydration(block: string): string {
  const script = moduleScriptIn(block);
  if (script?.index === undefined) return block;
  const [tag, attributes, body] = script;
  const preloads = [...block.slice(0, script.index).matchAll(PRELOAD_TAG)].map((match) => match[1]);
  const routes = [...body.matchAll(ROUTE_IMPORT)].map((match) => ({ name: match[1], href: match[2] }));
  const entry = ENTRY_IMPORT.exec(body)?.[1];
  if (!preloads.length || !routes.length || !entry) return block;
  // What is left sets window.__reactRouterManifest and window.__reactRouterRouteModules (from the route names).
  const rest = body.replace(ROUTE_IMPORT, "").replace(ENTRY_IMPORT, "").trim();
  if (/\bimport\b/.test(rest.replace(/"[^"]*"/g, ""))) return block;

  // In the script, without the comments that explain it (it is in every page):
  // - nextTask: a task of its own through a message, not a timer: timers are clamped in
  //   background tabs and stand still under a paused test clock, which would hold the
  //   page unhydrated.
  // - run: each preload is turned on in a task of its own (all at once made one task of
  //   60-85 ms under a 4x CPU slowdown), then each shared file is run in a task of its
  //   own (it runs its own imports first), so no single task holds the page long; then
  //   the routes in order, then the router's entry.
  // - Once the photo is drawn: the browser names it in a largest-contentful-paint entry,
  //   delivered after that frame. Where it does not (not the largest thing on the screen,
  //   no such entries, a failed photo), shortly after it has loaded.
  const loader = withoutIndentation(`
const routes = ${JSON.stringify(routes.map((route) => route.href))};
const shared = ${JSON.stringify(preloads.filter((href) => href !== entry && !routes.some((route) => route.href === href)))};
const nextTask = () => new Promise((resolve) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => resolve();
  channel.port2.postMessage(null);
});
let started = false;
const hydrate = () => {
  if (started) return;
  started = true;
  const run = async () => {
    for (const link of document.querySelectorAll("link[data-modulepreload]")) {
      link.href = link.dataset.modulepreload;
      link.rel = "modulepreload";
      await nextTask();
    }
    for (const href of shared) {
      await import(href);
      await nextTask();
    }
    const modules = [];
    for (const href of routes) {
      modules.push(await import(href));
      await nextTask();
    }
    const [${routes.map((route) => route.name).join(", ")}] = modules;
${compactManifest(rest)}
    return import(${JSON.stringify(entry)});
  };
  run();
};
const photo = document.querySelector('img[fetchpriority="high"]');
if (!photo) nextTask().then(hydrate);
else {
  if (typeof PerformanceObserver === "function" && PerformanceObserver.supportedEntryTypes?.includes("largest-contentful-paint")) {
    const drawn = new PerformanceObserver((list) => {
      if (!list.getEntries().some((entry) => entry.element === photo)) return;
      drawn.disconnect();
      nextTask().then(hydrate);
    });
    drawn.observe({ type: "largest-contentful-paint", buffered: true });
  }
  const soon = () => setTimeout(hydrate, ${AFTER_THE_PHOTO_AT_THE_LATEST_MS});
  if (photo.complete) soon();
  else {
    photo.addEventListener("load", soon);
    photo.addEventListener("error", soon);
  }
}
for (const type of ["pointerdown", "keydown"]) addEventListener(type, hydrate, { once: true, capture: true });
setTimeout(hydrate, ${HYDRATE_AT_THE_LATEST_MS});
`);
  // The preloads stay as inert links where React drew them (hydration expects every
  // element in its place: one missing, or one added to <head>, and React draws the whole
  // page again); the script turns them into preloads when the time comes.
  const between = block.slice(0, script.index).replace(PRELOAD_TAG, (_tag, href: string) => `<link data-modulepreload="${href}"/>`);
  return `${between}<script${attributes}>${loader}</script>${block.slice(script.index + tag.length)}`;
}

/** The script's lines without their leading spaces: it is in every page. */
function withoutIndentation(code: string): string {
  return code.replace(/^[ \t]+/gm, "");
}

const MANIFEST = /(window\.__reactRouterManifest = )(\{[\s\S]*?\});(?=\s*window\.__reactRouterRouteModules)/;

/**
 * The router's route manifest on one line instead of pretty-printed: the same JSON, with `<`
 * escaped as the router escapes it, so no text in it can end the script. Left as it is when
 * it does not read as JSON.
 */
function compactManifest(code: string): string {
  return code.replace(MANIFEST, (whole, assignment: string, json: string) => {
    try {
      return `${assignment}${JSON.stringify(JSON.parse(json)).replace(/</g, "\\u003c")};`;
    } catch {
      return whole;
    }
  });
}

/** How many characters at the end of `text` could begin `marker` (0 when none). */
function partialAtEnd(text: string, marker: string): number {
  for (let length = Math.min(marker.length - 1, text.length); length > 0; length--) {
    if (marker.startsWith(text.slice(text.length - length))) return length;
  }
  return 0;
}
