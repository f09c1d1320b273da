import { describe, expect, it } from "vitest";
import { canonicalPath, isCacheablePath } from "./canonical-path";

describe("one spelling per page", () => {
  it("decodes needless escapes, drops empty segments and the trailing slash", () => {
    expect(canonicalPath("/%70roduct/pvc-banner")).toBe("/product/pvc-banner");
    expect(canonicalPath("//product//pvc-banner/")).toBe("/product/pvc-banner");
    expect(canonicalPath("/")).toBe("/");
    expect(canonicalPath("/search/banner%20stand")).toBe("/search/banner%20stand");
    expect(canonicalPath("/%E0%A4%A")).toBeNull();
  });

  it("lets only the canonical, lower-case, query-less spelling be a cache key", () => {
    expect(isCacheablePath("/product/pvc-banner")).toBe(true);
    expect(isCacheablePath("/")).toBe(true);
    for (const odd of ["/%70roduct/pvc-banner", "/product/pvc-banner/", "//product/pvc-banner", "/Product/PVC-banner", "/product/pvc-banner?x=1"]) {
      expect(isCacheablePath(odd)).toBe(false);
    }
  });
});
