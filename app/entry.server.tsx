import { pipeline } from "node:stream";
import { isRouteErrorResponse, ServerRouter, type ActionFunctionArgs, type AppLoadContext, type EntryContext, type LoaderFunctionArgs } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { log } from "~/config/logger.server";
import { NonceProvider } from "~/document/nonce";
import { withoutReactBufferGaps } from "~/document/react-stream-repair.server";
import { withHydrationAfterFirstPhoto } from "~/document/hydrate-after-first-photo.server";
import { getLanguage } from "~/i18n/i18n.server";
import { holdTexts } from "~/i18n/texts-store";
import { TextsProvider, type DocumentTexts } from "~/i18n/use-t";
import { getTexts } from "~/models/texts.server";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "~/utils/locale";
import { errorForLog } from "~/utils/error-for-log";

// How long streamed loader data may take (read by Remix's single fetch); the render is
// abandoned a second after that.
export const streamTimeout = 5_000;

/**
 * What Remix reports as it answers: a client's mistake that Remix answers itself (a post
 * to a page that takes none, 405; a 4xx thrown by a route) is not the server's error
 * and leaves no stack in the log; a request the client gave up on neither. Anything
 * else is an error line of the structured log.
 */
export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // A route error response made from a thrown Error carries it as `error`.
  const cause = (isRouteErrorResponse(error) && (error as { error?: unknown }).error) || error;
  log.error("request failed in the app", { error: errorForLog(cause) });
}

/**
 * The dictionary the page is drawn with: the language the root loader chose, else (an
 * error page whose root loader failed) the one it would have chosen. Its texts are read
 * here, not sent in the loader data: the browser loads the same file by its version
 * (docs/decisions/056). None when the database cannot be read (the page then shows the
 * texts written in the code, as the browser will).
 */
async function documentTexts(request: Request, routerContext: EntryContext): Promise<DocumentTexts> {
  const root = routerContext.staticHandlerContext.loaderData.root as { language?: unknown; textsVersion?: unknown } | undefined;
  let language: Language = DEFAULT_LANGUAGE;
  try {
    language = isLanguage(root?.language) ? root.language : await getLanguage(request);
  } catch {
    // A request the language detection cannot read: the default language.
  }
  try {
    const { version, messages } = getTexts(language);
    holdTexts(language, version, messages);
    // Under the root data's version when there is one: the page links that file (an edit
    // between the loader and here is answered with the newest texts, as drawn here).
    return { language, version: typeof root?.textsVersion === "string" ? root.textsVersion : version, messages };
  } catch {
    return { language, version: null, messages: {} };
  }
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = (loadContext as { cspNonce?: string }).cspNonce ?? "";
  const texts = await documentTexts(request, routerContext);
  // Crawlers and clients without JavaScript get the whole document at once.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <TextsProvider value={texts}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </TextsProvider>
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          // React's chunks first lose their zero-byte gaps (which needs them as React cut them).
          const body = withHydrationAfterFirstPhoto();
          const repaired = withoutReactBufferGaps();
          // An error on the way reaches the response (pipeline destroys the next stream).
          pipeline(repaired, body, () => {});
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // The language comes from the cookie or Accept-Language.
          responseHeaders.append("Vary", "Accept-Language, Cookie");
          if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "private, no-cache");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(repaired);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    // The time limit runs from React's first turn (renderToPipeableStream queues its work
    // with setImmediate; this runs after it), not from the request: on a loop busy with
    // other renders, a page still waiting for its turn would be aborted before its shell.
    setImmediate(() => setTimeout(abort, streamTimeout + 1_000));
  });
}
