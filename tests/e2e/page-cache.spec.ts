import { expect, test } from "./fixtures";

test("catalogue pages are served from the page cache with the CSP nonce they were rendered with", async ({ request }) => {
  const url = "/product/economy-pvc-banner";
  const first = await request.get(url);
  const second = await request.get(url);
  expect(first.status()).toBe(200);
  expect(second.headers()["x-cache"]).toBe("HIT");
  const html = await second.text();
  const nonce = /<script nonce="([^"]+)"/.exec(html)?.[1];
  expect(nonce).toBeTruthy();
  expect(second.headers()["content-security-policy"]).toContain(`'nonce-${nonce}'`);
  expect(second.headers()["content-security-policy"]).not.toContain("unsafe-inline' 'unsafe-eval");
});

test("pages with a query string, the basket and not-found pages are never cached", async ({ request }) => {
  for (const url of ["/contact-us?subject=freesamplepack", "/basket", "/product/no-such-thing"]) {
    await request.get(url);
    const again = await request.get(url);
    expect(again.headers()["x-cache"], url).toBeUndefined();
  }
});

test("a cached page is compressed for clients that accept it", async ({ request }) => {
  await request.get("/print");
  const res = await request.get("/print", { headers: { "accept-encoding": "br" } });
  expect(res.headers()["content-encoding"]).toBe("br");
  expect(await res.text()).toContain("<title>All Print Products");
});
