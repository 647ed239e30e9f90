import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { signedInAppForFile } from "../support/admin-api";
import { visibleTexts } from "../support/html";
import { png } from "../support/images";
import { postFileForm, quarantinedUpload, uploadAsTheDialogDoes } from "../support/uploads";

// Each media item keeps its published image's size in pixels, so the back office can tell
// a portrait photo (which the public cards crop to 3:2) from a landscape one: with the
// upload dialog's JSON calls, with the form that uploads without JavaScript, and with a
// re-upload. The size is the published file's: turned upright and shrunk to fit.

const STAFF = "media-sizes@example.com";
const PORTRAIT_NOTICE = "Portrait photo: cards show it cropped to 3:2.";

const ctx = signedInAppForFile({ email: STAFF });
const { call, withDb } = ctx;

type Size = { width: number | null; height: number | null };
type Stored = Size & { id: number; filePath: string };
const storedNamed = (originalName: string) =>
  withDb((db) => db.prepare("select id, file_path as filePath, width, height from media where original_name = ?").get(originalName)) as Stored;

const jpeg = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: "#3a7" } }).jpeg().toBuffer();

/** The size of the file the site serves at `filePath`. */
async function servedSize(filePath: string): Promise<Size> {
  const served = await fetch(`${ctx.app.url}${filePath}`);
  expect(served.status).toBe(200);
  const { width, height } = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
  return { width, height };
}

const postForm = (path: string, name: string, bytes: Buffer, type: string) => postFileForm(ctx.app, ctx.cookie, path, { name, bytes, type });

const mediaTab = async (q: string) => visibleTexts(await (await fetch(`${ctx.app.url}/admin/dashboard/media?q=${encodeURIComponent(q)}`, { headers: { Cookie: ctx.cookie } })).text());

describe("an uploaded image's size in pixels", () => {
  it("is stored with the upload dialog's calls: a portrait photo's and a landscape one's", async () => {
    expect((await uploadAsTheDialogDoes(call, "sizes-portrait.jpg", await jpeg(600, 900), "image/jpeg")).status).toBe(201);
    expect((await uploadAsTheDialogDoes(call, "sizes-landscape.png", await png(300, 200), "image/png")).status).toBe(201);
    expect(storedNamed("sizes-portrait.jpg")).toMatchObject({ width: 600, height: 900 });
    expect(storedNamed("sizes-landscape.png")).toMatchObject({ width: 300, height: 200 });
  });

  it("is the published image's: turned upright as a phone took it, shrunk to the longest side published, one frame of an animation", async () => {
    // A phone's photo stored sideways, with the EXIF turn that shows it upright: a portrait.
    const sideways = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#a53" } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect((await uploadAsTheDialogDoes(call, "sizes-sideways.jpg", sideways, "image/jpeg")).status).toBe(201);
    const upright = storedNamed("sizes-sideways.jpg");
    expect(upright).toMatchObject({ width: 600, height: 900 });
    expect(await servedSize(upright.filePath)).toEqual({ width: 600, height: 900 });

    expect((await uploadAsTheDialogDoes(call, "sizes-tall.jpg", await jpeg(2000, 3000), "image/jpeg")).status).toBe(201);
    const tall = storedNamed("sizes-tall.jpg");
    expect(tall.height).toBe(2560);
    expect(await servedSize(tall.filePath)).toEqual({ width: tall.width, height: tall.height });

    // An animation's frame, not its frames stacked.
    const frame = (background: string) => sharp({ create: { width: 40, height: 60, channels: 3, background } }).png().toBuffer();
    const animation = await sharp([await frame("#f00"), await frame("#0f0"), await frame("#00f")], { join: { animated: true } }).gif().toBuffer();
    expect((await uploadAsTheDialogDoes(call, "sizes-animation.gif", animation, "image/gif")).status).toBe(201);
    expect(storedNamed("sizes-animation.gif")).toMatchObject({ width: 40, height: 60 });
  });

  it("is stored by the form that uploads without JavaScript, and replaced by a re-upload", async () => {
    const uploaded = await postForm("/admin/dashboard/media/upload", "sizes-form.jpg", await jpeg(600, 900), "image/jpeg");
    expect(uploaded.status).toBe(302);
    const item = storedNamed("sizes-form.jpg");
    expect(item).toMatchObject({ width: 600, height: 900 });

    const again = await postForm(`/admin/dashboard/media/${item.id}/reupload`, "sizes-form-again.png", await png(320, 180), "image/png");
    expect(again.status).toBe(302);
    expect(storedNamed("sizes-form-again.png")).toMatchObject({ id: item.id, width: 320, height: 180 });

    const filePath = await quarantinedUpload(call, await jpeg(500, 700), "image/jpeg");
    const reuploaded = await call(`/api/admin/media/${item.id}/reupload`, { method: "PUT", body: { filename: "sizes-json-again.jpg", filePath, fileSize: 1, mimeType: "image/jpeg" } });
    expect(reuploaded.status).toBe(200);
    expect(storedNamed("sizes-json-again.jpg")).toMatchObject({ id: item.id, width: 500, height: 700 });
  });
});

describe("the Media tab", () => {
  it("says a portrait photo is cropped on the cards; not a landscape one, nor one whose size was never measured", async () => {
    expect(await mediaTab("sizes-portrait")).toEqual(expect.arrayContaining([PORTRAIT_NOTICE, "How cards show it"]));
    expect(await mediaTab("sizes-landscape")).not.toContain(PORTRAIT_NOTICE);
    // A row recorded before sizes were kept.
    withDb((db) => db.prepare("update media set width = null, height = null where original_name = 'sizes-portrait.jpg'").run());
    expect(await mediaTab("sizes-portrait")).not.toContain(PORTRAIT_NOTICE);
  });
});
