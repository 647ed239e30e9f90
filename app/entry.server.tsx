import { pipeline } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "~/utils/nonce";
import { withoutReactBufferGaps } from "~/utils/react-stream-repair.server";
import { withHydrationAfterFirstPhoto } from "~/utils/hydrate-after-first-photo.server";

// How long streamed loader data may take (read by Remix's single fetch); the render is
// abandoned a second after that.
export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = (loadContext as { cspNonce?: string }).cspNonce ?? "";
  // Crawlers and clients without JavaScript get the whole document at once.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
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
