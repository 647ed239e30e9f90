import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { layoutProblems } from "./layout-checks";

// The phone layout test passes only as long as the checker sees problems: each rule
// here meets a small page that breaks it, and the exclusions a page that must pass.

test.use({ viewport: { width: 360, height: 640 } });

const SR_ONLY = "position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border-width:0";

async function problemsOf(page: Page, body: string): Promise<string[]> {
  await page.setContent(`<!doctype html><html><head><style>body{margin:0;font:16px/24px sans-serif}</style></head><body>${body}</body></html>`);
  return layoutProblems(page);
}

test.describe("the layout checker", () => {
  test("reports sideways scrolling and names what is too wide", async ({ page }) => {
    const problems = await problemsOf(page, `<p>Fine</p><div id="wide" style="width:500px">Too wide</div>`);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^the page scrolls sideways: 500 px of content in a 360 px wide window; widest: <div#wide> "Too wide"/);
  });

  test("reports text cut off by an ancestor that hides overflow", async ({ page }) => {
    const problems = await problemsOf(page, `<div class="box" style="height:30px;overflow:hidden"><p style="margin:0;width:50px">One two three</p></div>`);
    expect(problems).toEqual([expect.stringMatching(/^the text of <p> "One two three" .* is clipped by <div\.box> .*: \d+ px at the bottom hidden$/)]);
  });

  test("reports text spilling out of an absolutely positioned overlay", async ({ page }) => {
    const problems = await problemsOf(
      page,
      `<section style="position:relative;height:100px"><div class="overlay" style="position:absolute;inset:0"><h1 style="margin:0;font-size:40px;line-height:60px">A long heading over two lines</h1></div></section>`,
    );
    expect(problems).toEqual([expect.stringMatching(/^the text of <h1> "A long heading over two lines".* spills out of the absolute overlay <div\.overlay>.* by \d+ px at the bottom, over whatever lies there$/)]);
  });

  test("reports a heading and a control under the sticky header at load", async ({ page }) => {
    const problems = await problemsOf(
      page,
      `<header style="position:sticky;top:0;height:60px;background:#fff">Site</header>
       <main style="margin-top:-40px"><h1 style="margin:0">Title</h1><button style="height:40px">Go</button></main>`,
    );
    expect(problems).toEqual([
      expect.stringMatching(/^the heading <h1> "Title" .* sits under the sticky header <header> "Site" \[x 0\.\.360, y 0\.\.60\] at page load$/),
      expect.stringMatching(/^the control <button> "Go" .* sits under the sticky header/),
    ]);
  });

  test("reports targets under 24 x 24 px that are too close together", async ({ page }) => {
    const link = (name: string) => `<a href="#${name}" style="display:inline-block;width:16px;height:16px" aria-label="${name}"></a>`;
    const problems = await problemsOf(page, `<div style="display:flex;gap:4px">${link("one")}${link("two")}</div>`);
    expect(problems).toEqual([
      expect.stringMatching(/^the target <a> \[one\] .* is 16 x 16 px, under 24 x 24, and too close to <a> \[two\]/),
      expect.stringMatching(/^the target <a> \[two\] .* is 16 x 16 px, under 24 x 24, and too close to <a> \[one\]/),
    ]);
  });

  test("does not count a target scrolled out of its box as crowding what lies where it would be", async ({ page }) => {
    // A fixed dialog whose form scrolls inside it, over a page whose small links lie
    // exactly where the dialog's hidden fields would be.
    const problems = await problemsOf(
      page,
      `<div style="height:300px"></div><a href="#small" style="display:inline-block;width:16px;height:16px" aria-label="small"></a>
       <div style="position:fixed;inset:0;background:#fff"><div style="height:200px;overflow-y:auto">
         <div style="height:300px"></div><button style="display:block;width:200px;height:40px">Hidden field</button>
       </div></div>`,
    );
    expect(problems).toEqual([]);
  });

  test("reports a button whose label does not fit its fixed height", async ({ page }) => {
    const problems = await problemsOf(page, `<a href="#x" style="display:inline-flex;align-items:center;height:40px;width:80px">A label in three lines</a>`);
    expect(problems).toContainEqual(expect.stringMatching(/^the content of the control <a> "A label in three lines" .* does not fit inside it: 80 x \d+ px of content in a 80 x 40 px box$/));
  });

  test("passes what is hidden or small on purpose", async ({ page }) => {
    const problems = await problemsOf(
      page,
      `<header style="position:sticky;top:0;height:60px;background:#fff"><a href="/" style="display:inline-block;width:40px;height:40px" aria-label="Home"></a></header>
       <p>Read the <a href="#terms">terms</a> first.<span style="${SR_ONLY}">A long text for screen readers only, far wider than its box</span></p>
       <div style="overflow:hidden;width:360px;height:100px"><div style="display:flex;width:720px">
         <div style="width:360px"><a href="#one" style="display:block;height:100px">Current slide</a></div>
         <div aria-roledescription="slide" aria-hidden="true" inert style="width:360px"><a href="#two" style="display:block;height:100px">Next slide</a></div>
       </div></div>
       <p style="margin-top:40px"><a href="#alone" style="display:inline-block;height:16px;font-size:12px;line-height:16px">A lone small link</a></p>`,
    );
    expect(problems).toEqual([]);
  });

  test("measures a box drawn only near the screen as it is once shown, and leaves it as it was", async ({ page }) => {
    // Far below the window, counted as 100 px tall until drawn; its content needs 300.
    const problems = await problemsOf(
      page,
      `<div style="height:3000px"></div>
       <article id="card" style="content-visibility:auto;contain-intrinsic-height:auto 100px;overflow:hidden"><p style="margin:0;height:260px">Photo</p><a href="#x" style="display:block;height:40px">Apply</a></article>`,
    );
    expect(problems).toEqual([]);
    expect(await page.locator("#card").evaluate((card) => [card.getAttribute("style"), getComputedStyle(card).contentVisibility])).toEqual([
      "content-visibility:auto;contain-intrinsic-height:auto 100px;overflow:hidden",
      "auto",
    ]);

    // The same card too short for its content once shown is reported.
    const cut = await problemsOf(page, `<div style="height:3000px"></div><article style="content-visibility:auto;height:100px;overflow:hidden"><p style="margin:0;height:260px">Photo</p><a href="#x" style="display:block;height:40px">Apply</a></article>`);
    expect(cut).toContainEqual(expect.stringMatching(/^the control <a> "Apply" .* is clipped by <article> .*: 200 px at the bottom hidden$/));
  });
});
