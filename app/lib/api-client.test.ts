// The API client reads every answer one way (app/lib/api-client.ts): these pin what it does with answers
// that are not a whole JSON body, since a page treats whatever `api()` resolves with as the server's answer.
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiResponseError, NetworkError, api } from "./api-client";

/** An answer whose body fails while it is read, as a browser's does when the call is aborted or the connection drops. */
function failingBody(status: number, failure: Error): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"quotes":['));
      controller.error(failure);
    },
  });
  return new Response(body, { status, headers: { "content-type": "application/json" } });
}

const answering = (response: Response) => vi.stubGlobal("fetch", vi.fn(async () => response));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("api()", () => {
  it("answers the body of a whole JSON answer", async () => {
    answering(Response.json({ quotes: [] }));
    await expect(api("GET /api/manage/quotes", { query: { status: "open" } })).resolves.toEqual({ quotes: [] });
  });

  it("rejects with the AbortError when the call is aborted while its body is read, instead of answering an empty body", async () => {
    // A page that changes its view aborts the earlier call; an empty answer would be taken for the list.
    answering(failingBody(200, new DOMException("The operation was aborted.", "AbortError")));
    await expect(api("GET /api/manage/quotes", { query: { status: "requested" } })).rejects.toMatchObject({ name: "AbortError" });
  });

  it("rejects with a NetworkError when a 2xx answer's body is cut off", async () => {
    answering(failingBody(200, new TypeError("network error")));
    await expect(api("GET /api/manage/quotes", { query: { status: null } })).rejects.toBeInstanceOf(NetworkError);
  });

  it("reads a refusal whose body is not JSON by its status", async () => {
    answering(new Response("<html>Bad gateway</html>", { status: 502, headers: { "content-type": "text/html" } }));
    const refused = api("GET /api/manage/quotes", { query: { status: null } });
    await expect(refused).rejects.toBeInstanceOf(ApiResponseError);
    await expect(refused).rejects.toMatchObject({ status: 502, message: "Request failed (502)" });
  });

  it("answers an empty object for an answer with no body (204)", async () => {
    answering(new Response(null, { status: 204 }));
    await expect(api("POST /api/auth/logout")).resolves.toEqual({});
  });
});
