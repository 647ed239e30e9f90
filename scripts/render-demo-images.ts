// Part of npm run build (compiled to build/render-demo-images.js and run there): encodes
// the demo catalogue's scenes into build/demo-images/, where the seed looks first
// (app/seed/demo-images.server.ts), so no start of a new site spends CPU on them.
import fs from "node:fs";
import { encodedSceneName, encodeSvg, HERO_SCENES, HOME_SCENES, sceneSvg } from "../app/seed/demo-images.server";

const outDir = new URL("./demo-images/", import.meta.url);
fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(outDir, { recursive: true });
const scenes = [...HERO_SCENES, ...HOME_SCENES];
await Promise.all(
  scenes.map(async (scene) => {
    const svg = sceneSvg(scene);
    fs.writeFileSync(new URL(encodedSceneName(svg), outDir), await encodeSvg(svg));
  }),
);
console.log(`Demo images encoded: ${scenes.length} in build/demo-images/`);
