import { describe, expect, it } from "vitest";
import { chooseEncoding } from "./encoding";

describe("chooseEncoding (RFC 9110 content negotiation)", () => {
  it.each([
    [undefined, "identity"],
    ["", "identity"],
    ["gzip, deflate, br", "br"],
    ["gzip, br;q=0", "gzip"],
    ["gzip, br; q=0.0", "gzip"],
    ["br;q=0, gzip;q=0", "identity"],
    ["gzip;q=0.5, br;q=0.4", "gzip"],
    ["*", "br"],
    ["*, br;q=0", "gzip"],
    ["*;q=0, gzip", "gzip"],
    ["identity", "identity"],
    ["deflate", "identity"],
    ["GZIP", "gzip"],
    ["br;q=0.001", "br"],
  ] as const)("%s -> %s", (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});
