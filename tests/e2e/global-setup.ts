import { startLibreTranslate } from "../support/libretranslate";

/** Starts the translation service the e2e server's TRANSLATE_URL names; stops it after the run. */
export default async function globalSetup() {
  const translator = await startLibreTranslate({ port: Number(process.env.E2E_TRANSLATE_PORT) });
  return async () => {
    await translator.stop();
  };
}
