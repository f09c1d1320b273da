import { PassThrough, pipeline, Transform, type TransformCallback } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext } from "react-router";
import appCss from "./app.css?inline";
import { StylesheetContext } from "./lib/inline-stylesheet";
import { NonceContext } from "./lib/nonce";
import { parkHydration } from "./lib/hydrate-after-paint";

export const streamTimeout = 5_000;

/**
 * Every document is rendered whole before it is sent (no loader defers data): the bytes are the same for
 * browsers and crawlers, so anonymous catalogue pages can be cached by the server (docs/decisions/002-page-cache-and-csp.md).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.nonce;

  return new Promise<Response>((resolve, reject) => {
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <StylesheetContext.Provider value={appCss}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </StylesheetContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          // pipeline() carries an aborted render through to the response stream instead of leaving it hanging.
          const document = pipeline(body, hydrateAfterPaintTransform(), () => {});
          resolve(new Response(createReadableStreamFromReadable(document), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          console.error(error);
        },
      },
    );
  });
}

/** The whole document passes through `parkHydration` (it is rendered whole before it is sent anyway). */
function hydrateAfterPaintTransform(): Transform {
  const chunks: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer | string, _encoding: BufferEncoding, callback: TransformCallback) {
      chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
      callback();
    },
    flush(callback: TransformCallback) {
      callback(null, parkHydration(Buffer.concat(chunks).toString("utf8")));
    },
  });
}
