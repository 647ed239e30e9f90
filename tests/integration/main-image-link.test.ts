import { describe, expect, it } from "vitest";
import { signedInAppForFile } from "../support/admin-api";
import { homeFormFields } from "../support/home-facts";
import { visibleTexts } from "../support/html";
import { png } from "../support/images";
import { postFileForm, uploadAsTheDialogDoes } from "../support/uploads";

// Issue 54, point 10 (decision 080): the image uploaded with the Add form belongs to that
// home, not to 'Media linked to no property'; so does one uploaded with the Edit form,
// and one picked from the library that was linked to no home. One picked that belongs to
// another home stays with it.

const STAFF = "main-image@example.com";

const ctx = signedInAppForFile({ email: STAFF });
const { call, withDb } = ctx;

type MediaRow = { id: number; filePath: string; propertyId: number | null; position: number | null };
const mediaNamed = (originalName: string) =>
  withDb((db) => db.prepare("select id, file_path as filePath, property_id as propertyId, position from media where original_name = ?").all(originalName)) as MediaRow[];
const homeNamed = (name: string) => withDb((db) => db.prepare("select id, image_url as imageUrl from properties where name = ?").get(name)) as { id: number; imageUrl: string };

/** The Add or Edit form as a browser without JavaScript posts it: every field, then the file. */
const postWithFile = (path: string, fields: Record<string, string>, file: { name: string; bytes: Buffer } | null) =>
  postFileForm(ctx.app, ctx.cookie, path, file && { ...file, type: "image/png" }, fields);

/** The form as the dialog posts it with JavaScript: the fields alone, url-encoded. */
function postFields(path: string, fields: Record<string, string>) {
  return fetch(`${ctx.app.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ctx.app.url, Cookie: ctx.cookie },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

/** A photo uploaded as the dialog does with JavaScript; its published path. */
async function uploadedPhoto(name: string): Promise<string> {
  const recorded = await uploadAsTheDialogDoes(call, name, await png(60, 40, "#c63"), "image/png");
  expect(recorded.status).toBe(201);
  return ((await recorded.json()) as { filePath: string }).filePath;
}

/** Property Images' "Linked images" section, as texts (its rows in order). */
function linkedSection(texts: string[]): string[] {
  const start = texts.indexOf("Linked images (");
  expect(start).toBeGreaterThanOrEqual(0);
  return texts.slice(start, texts.indexOf("Images to link", start));
}

const page = async (path: string) => visibleTexts(await (await fetch(`${ctx.app.url}${path}`, { headers: { Cookie: ctx.cookie } })).text());

async function publicPhotos(id: number): Promise<string[]> {
  const response = await fetch(`${ctx.app.url}/api/properties/${id}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { photos: string[] }).photos;
}

/** What staff see of the image: its Media card's home, and Property Images of every home. */
async function expectTheHomes(imageName: string, home: { id: number; name: string }) {
  // The Media tab's card names the home.
  const media = await page(`/admin/dashboard/media?q=${encodeURIComponent(imageName)}`);
  expect(media).toContain(imageName);
  expect(media).toContain(home.name);
  expect(media).not.toContain("Not linked");
  // Property Images lists it first, as the main image; no home offers it to link.
  const images = await page(`/admin/dashboard/properties/${home.id}/media?mq=${encodeURIComponent(imageName)}`);
  const linked = linkedSection(images);
  expect(linked.slice(linked.indexOf(imageName), linked.indexOf(imageName) + 3)).toEqual([imageName, "Photo 1 of 1", "Main image"]);
  expect(images).toContain("No images match your search");
}

describe("the Add form's uploaded image belongs to the new home", () => {
  it("without JavaScript: the file posted with the form is linked to the home, its first photo, once", async () => {
    const name = "Uploaded Oaks, Lot 1";
    const imageName = "add-form-nojs.png";
    const response = await postWithFile("/admin/dashboard/properties/new", homeFormFields({ name, imageUrl: "", saveAs: "publish" }), { name: imageName, bytes: await png(80, 60) });
    expect(response.status).toBe(302);
    const home = homeNamed(name);
    const [item] = mediaNamed(imageName);
    expect(home.imageUrl).toBe(item.filePath);
    expect(item).toMatchObject({ propertyId: home.id, position: 1 });
    await expectTheHomes(imageName, { id: home.id, name });
    expect(await publicPhotos(home.id)).toEqual([item.filePath]);
    const audit = withDb((db) => db.prepare("select actor, summary from audit_log where action = 'link' and entity_id = ?").all(String(home.id)));
    expect(audit).toEqual([{ actor: STAFF, summary: `${name}: media ${item.id} ${imageName} (its main image)` }]);
  });

  it("with JavaScript: the image uploaded on the spot and sent as the form's URL is linked to the home", async () => {
    const name = "Uploaded Oaks, Lot 2";
    const imageName = "add-form-js.png";
    const filePath = await uploadedPhoto(imageName);
    expect(mediaNamed(imageName)).toMatchObject([{ propertyId: null }]);
    expect((await postFields("/admin/dashboard/properties/new", homeFormFields({ name, imageUrl: filePath, saveAs: "publish" }))).status).toBe(302);
    const home = homeNamed(name);
    expect(mediaNamed(imageName)).toMatchObject([{ propertyId: home.id, position: 1 }]);
    await expectTheHomes(imageName, { id: home.id, name });
    expect(await publicPhotos(home.id)).toEqual([filePath]);
  });

  it("a form refused keeps the upload, linked to no home, and the form sent again links it", async () => {
    const name = "Uploaded Oaks, Lot 3";
    const imageName = "add-form-refused.png";
    const refused = await postWithFile("/admin/dashboard/properties/new", homeFormFields({ name: "", imageUrl: "", saveAs: "publish" }), { name: imageName, bytes: await png(70, 50) });
    expect(refused.status).toBe(400);
    const [kept] = mediaNamed(imageName);
    expect(kept.propertyId).toBeNull();
    // The form comes back with the new image chosen: its URL is sent again.
    expect((await postFields("/admin/dashboard/properties/new", homeFormFields({ name, imageUrl: kept.filePath, saveAs: "publish" }))).status).toBe(302);
    expect(mediaNamed(imageName)).toMatchObject([{ id: kept.id, propertyId: homeNamed(name).id }]);
  });
});

describe("the Edit form's new main image", () => {
  /** A home of the Add form with the demo's main image, and one photo linked through Property Images. */
  async function homeWithAPhoto(name: string) {
    expect((await postFields("/admin/dashboard/properties/new", homeFormFields({ name, saveAs: "publish" }))).status).toBe(302);
    const home = homeNamed(name);
    const photo = await uploadedPhoto(`${name} photo.png`);
    const [item] = mediaNamed(`${name} photo.png`);
    expect((await call(`/api/admin/properties/${home.id}/media/${item.id}/link`, { method: "POST" })).status).toBe(200);
    return { ...home, photo };
  }

  it("uploaded without JavaScript: linked to the home after its photos, and listed first as the main image", async () => {
    const name = "Edited Elms, Lot 1";
    const home = await homeWithAPhoto(name);
    const imageName = "edit-form-nojs.png";
    const response = await postWithFile(`/admin/dashboard/properties/${home.id}/edit`, homeFormFields({ name, imageUrl: "" }), { name: imageName, bytes: await png(90, 60) });
    expect(response.status).toBe(302);
    const [item] = mediaNamed(imageName);
    expect(homeNamed(name).imageUrl).toBe(item.filePath);
    expect(item).toMatchObject({ propertyId: home.id, position: 2 });
    const images = await page(`/admin/dashboard/properties/${home.id}/media`);
    const linked = linkedSection(images);
    expect(linked.slice(linked.indexOf(imageName), linked.indexOf(imageName) + 3)).toEqual([imageName, "Photo 1 of 2", "Main image"]);
    expect(linked.slice(linked.indexOf(`${name} photo.png`), linked.indexOf(`${name} photo.png`) + 2)).toEqual([`${name} photo.png`, "Photo 2 of 2"]);
    expect(await publicPhotos(home.id)).toEqual([item.filePath, home.photo]);
  });

  it("picked from the library: one linked to no home becomes the home's; one of another home stays there", async () => {
    const name = "Edited Elms, Lot 2";
    const home = await homeWithAPhoto(name);
    const other = await homeWithAPhoto("Other Home, Lot 9");
    const [othersPhoto] = mediaNamed("Other Home, Lot 9 photo.png");

    // Another home's photo, picked: the main image here, and still the other home's.
    expect((await postFields(`/admin/dashboard/properties/${home.id}/edit`, homeFormFields({ name, imageChoice: other.photo }))).status).toBe(302);
    expect(homeNamed(name).imageUrl).toBe(other.photo);
    expect(mediaNamed("Other Home, Lot 9 photo.png")).toMatchObject([{ id: othersPhoto.id, propertyId: other.id, position: othersPhoto.position }]);
    expect(await publicPhotos(other.id)).toEqual(["/objects/demo/home-1.webp", other.photo]);

    // One linked to no home, picked: the home's now.
    const free = await uploadedPhoto("picked-free.png");
    expect((await postFields(`/admin/dashboard/properties/${home.id}/edit`, homeFormFields({ name, imageChoice: free }))).status).toBe(302);
    expect(mediaNamed("picked-free.png")).toMatchObject([{ propertyId: home.id, position: 2 }]);
    expect(await publicPhotos(home.id)).toEqual([free, home.photo]);

    // Unlinked on purpose in Property Images, it stays unlinked through a save that keeps it as the main image.
    const [picked] = mediaNamed("picked-free.png");
    expect((await call(`/api/admin/properties/${home.id}/media/${picked.id}/unlink`, { method: "DELETE" })).status).toBe(200);
    expect((await postFields(`/admin/dashboard/properties/${home.id}/edit`, homeFormFields({ name, imageUrl: free, description: "Saved again." }))).status).toBe(302);
    expect(mediaNamed("picked-free.png")).toMatchObject([{ propertyId: null }]);
  });
});
