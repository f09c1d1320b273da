import { describe, expect, it } from "vitest";
import { parseRetryAfter, retryAfterPhrase, tooManyRequestsMessage } from "./retry";

describe("retry after", () => {
  it("says seconds under a minute and whole minutes, rounded up, beyond", () => {
    expect(retryAfterPhrase(1)).toBe("in 1 second");
    expect(retryAfterPhrase(45)).toBe("in 45 seconds");
    expect(retryAfterPhrase(60)).toBe("in 1 minute");
    expect(retryAfterPhrase(61)).toBe("in 2 minutes");
    expect(retryAfterPhrase(600)).toBe("in 10 minutes");
    expect(retryAfterPhrase(0)).toBe("in 1 second");
  });

  it("names what happened and when to retry", () => {
    expect(tooManyRequestsMessage(540)).toBe("Too many attempts from your connection. Please try again in 9 minutes.");
  });

  it("reads Retry-After as seconds or as a date", () => {
    const now = new Date("2026-11-25T10:00:00Z");
    expect(parseRetryAfter("120", now)).toBe(120);
    expect(parseRetryAfter("Wed, 25 Nov 2026 10:01:30 GMT", now)).toBe(90);
    expect(parseRetryAfter("soon", now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});
