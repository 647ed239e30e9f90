import { createHash } from "node:crypto";
import fs from "node:fs";
import sharp from "sharp";

/**
 * Original illustrations for the demo catalogue, drawn as SVG and encoded as WebP by
 * the build (scripts/render-demo-images.ts), so the repository ships no photos and
 * nothing is downloaded. A scene the build did not encode is encoded at seed time.
 */

export type Scene = {
  sky: [string, string];
  ground: string;
  wall: string;
  roof: string;
  trim: string;
  sun: boolean;
  trees: number;
};

export const HERO_SCENES: Scene[] = [
  { sky: ["#f7b267", "#fde2c0"], ground: "#7a9e4f", wall: "#f4f1ea", roof: "#5b4636", trim: "#2f5d62", sun: true, trees: 3 },
  { sky: ["#5fa8d3", "#cae9ff"], ground: "#8cb369", wall: "#e9e4d4", roof: "#3d405b", trim: "#bc4749", sun: false, trees: 2 },
  { sky: ["#355070", "#eaac8b"], ground: "#6a994e", wall: "#fefae0", roof: "#6d597a", trim: "#283618", sun: true, trees: 4 },
];

export const HOME_SCENES: Scene[] = [
  { sky: ["#8ecae6", "#e0f4ff"], ground: "#90a955", wall: "#fffcf2", roof: "#4a4e69", trim: "#1d3557", sun: true, trees: 2 },
  { sky: ["#a2d2ff", "#f1faee"], ground: "#a7c957", wall: "#e5e5e5", roof: "#6b705c", trim: "#9d0208", sun: false, trees: 1 },
  { sky: ["#ffc8dd", "#fff1e6"], ground: "#588157", wall: "#f8edeb", roof: "#2b2d42", trim: "#ef476f", sun: true, trees: 3 },
  { sky: ["#bde0fe", "#ffffff"], ground: "#6a994e", wall: "#d4e09b", roof: "#3a3a3a", trim: "#19535f", sun: false, trees: 2 },
  { sky: ["#ffd6a5", "#fdffb6"], ground: "#7f9f5b", wall: "#f0efeb", roof: "#7f5539", trim: "#386641", sun: true, trees: 1 },
  { sky: ["#caf0f8", "#ade8f4"], ground: "#84a98c", wall: "#faf3dd", roof: "#52796f", trim: "#354f52", sun: false, trees: 3 },
  { sky: ["#e9c46a", "#f4f1de"], ground: "#8a9a5b", wall: "#ffffff", roof: "#264653", trim: "#e76f51", sun: true, trees: 2 },
  { sky: ["#90e0ef", "#caf0f8"], ground: "#74a57f", wall: "#ece2d0", roof: "#5e503f", trim: "#0a9396", sun: true, trees: 4 },
  { sky: ["#cdb4db", "#ffafcc"], ground: "#95d5b2", wall: "#fdfcdc", roof: "#3c096c", trim: "#5a189a", sun: false, trees: 2 },
];

function tree(x: number, y: number, scale: number): string {
  return `<g transform="translate(${x} ${y}) scale(${scale})">
    <rect x="-8" y="0" width="16" height="60" fill="#6b4f3a"/>
    <circle cx="0" cy="-20" r="48" fill="#386641"/>
    <circle cx="-28" cy="0" r="32" fill="#4f772d"/>
    <circle cx="28" cy="-4" r="34" fill="#4f772d"/>
  </g>`;
}

/** The size every scene is drawn and encoded at: a landscape photo, as a card shows it whole. */
export const SCENE_SIZE = { width: 1200, height: 800 } as const;

export function sceneSvg(scene: Scene, width: number = SCENE_SIZE.width, height: number = SCENE_SIZE.height): string {
  const horizon = height * 0.62;
  const homeWidth = width * 0.56;
  const homeHeight = height * 0.2;
  const homeX = (width - homeWidth) / 2;
  const homeY = horizon - homeHeight + 20;
  const windows = Array.from({ length: 5 }, (_, i) => {
    const wx = homeX + 40 + i * (homeWidth - 80) / 5;
    return i === 2
      ? `<rect x="${wx + 20}" y="${homeY + 30}" width="50" height="${homeHeight - 30}" fill="${scene.trim}"/>`
      : `<rect x="${wx + 10}" y="${homeY + 35}" width="70" height="50" fill="#cfe8ef" stroke="${scene.trim}" stroke-width="6"/>`;
  }).join("");
  const trees = Array.from({ length: scene.trees }, (_, i) => {
    const left = i % 2 === 0;
    const x = left ? 90 + i * 40 : width - 110 - i * 30;
    return tree(x, horizon - 30 + (i % 3) * 12, 1 + (i % 2) * 0.3);
  }).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
    <defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="${scene.sky[0]}"/><stop offset="1" stop-color="${scene.sky[1]}"/>
      </linearGradient>
    </defs>
    <rect width="${width}" height="${horizon}" fill="url(#sky)"/>
    ${scene.sun ? `<circle cx="${width * 0.8}" cy="${height * 0.18}" r="60" fill="#fff3b0" opacity="0.9"/>` : ""}
    <rect y="${horizon}" width="${width}" height="${height - horizon}" fill="${scene.ground}"/>
    <path d="M0 ${height * 0.86} Q ${width / 2} ${height * 0.78} ${width} ${height * 0.9} L ${width} ${height} L 0 ${height} Z" fill="#c2b280" opacity="0.8"/>
    ${trees}
    <polygon points="${homeX - 20},${homeY} ${homeX + homeWidth / 2},${homeY - 70} ${homeX + homeWidth + 20},${homeY}" fill="${scene.roof}"/>
    <rect x="${homeX}" y="${homeY}" width="${homeWidth}" height="${homeHeight}" fill="${scene.wall}"/>
    <rect x="${homeX}" y="${homeY + homeHeight - 14}" width="${homeWidth}" height="14" fill="${scene.trim}" opacity="0.7"/>
    ${windows}
    <rect x="${homeX + homeWidth / 2 - 90}" y="${homeY + homeHeight}" width="180" height="16" fill="#9c8c74"/>
  </svg>`;
}

/**
 * Beside the compiled server (build/demo-images/), where the build leaves each scene
 * encoded: a new site's first start then encodes nothing, about 1.5 s of CPU saved.
 */
const ENCODED_DIR = new URL("./demo-images/", import.meta.url);

/** The encoded scene's file name: from the drawing itself, so a changed scene is never served stale. */
export function encodedSceneName(svg: string): string {
  return `${createHash("sha256").update(svg).digest("hex").slice(0, 32)}.webp`;
}

export function encodeSvg(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp({ quality: 72 }).toBuffer();
}

export async function renderScene(scene: Scene, width: number = SCENE_SIZE.width, height: number = SCENE_SIZE.height): Promise<Buffer> {
  const svg = sceneSvg(scene, width, height);
  try {
    return await fs.promises.readFile(new URL(encodedSceneName(svg), ENCODED_DIR));
  } catch {
    return encodeSvg(svg);
  }
}
