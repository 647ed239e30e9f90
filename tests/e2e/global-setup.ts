import { startLibreTranslate } from "../support/libretranslate";
import { startTileServer } from "../support/tile-server";

/**
 * Starts the translation service and the map tile server that the e2e server's
 * TRANSLATE_URL and MAP_TILE_URL name; stops them after the run.
 */
export default async function globalSetup() {
  const translator = await startLibreTranslate({ port: Number(process.env.E2E_TRANSLATE_PORT) });
  const tiles = await startTileServer({ port: Number(process.env.E2E_TILE_PORT) });
  return async () => {
    await translator.stop();
    await tiles.stop();
  };
}
