import { describe, expect, it } from "vitest";
import { parkHydration } from "./hydrate-after-paint";

const framework =
  '<head><link rel="modulepreload" href="/assets/framework.js" nonce="n"/><link rel="icon" href="/favicon.svg"/></head>' +
  '<body><p>Banners</p><script nonce="n">window.__ctx = 1;</script><script nonce="n" type="module" async="">import "/assets/root.js";</script></body>';

describe("parkHydration", () => {
  it("parks the framework's preloads and its one boot script, and nothing else", () => {
    expect(parkHydration(framework)).toBe(
      '<head><link rel="x-modulepreload" href="/assets/framework.js" nonce="n"/><link rel="icon" href="/favicon.svg"/></head>' +
        '<body><p>Banners</p><script nonce="n">window.__ctx = 1;</script><script nonce="n" type="x-module">import "/assets/root.js";</script></body>',
    );
  });

  it("leaves a document without a boot script as it is, preloads included (nothing would start them)", () => {
    const noBoot = '<head><link rel="modulepreload" href="/assets/framework.js"/></head><body><p>Error</p></body>';
    expect(parkHydration(noBoot)).toBe(noBoot);
  });
});
