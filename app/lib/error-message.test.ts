import { describe, expect, it } from "vitest";
import { ApiResponseError, errorMessage, NETWORK_ERROR, NetworkError } from "./api-client";
import { actionMessage } from "./use-action";

describe("errorMessage: the one way a failed call becomes words", () => {
  it("shows the server's message when the server answered", () => {
    expect(errorMessage(new ApiResponseError("Promo code has expired.", 400))).toBe("Promo code has expired.");
  });

  it("says the network failed otherwise, in the page's own words when it has them", () => {
    expect(errorMessage(new NetworkError(new TypeError("fetch failed")))).toBe(NETWORK_ERROR);
    expect(errorMessage(new Error("boom"), "Address lookup is unavailable right now.")).toBe("Address lookup is unavailable right now.");
  });

  it("is what actionMessage gives a form", () => {
    expect(actionMessage("Offline.")(new ApiResponseError("No.", 409))).toBe("No.");
    expect(actionMessage("Offline.")(new Error("x"))).toBe("Offline.");
  });
});
