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

test("500 spellings of one page cannot flood the cache: odd escapes redirect, other cases are not cached", async ({ request, baseURL }) => {
  const real = ["/product/pvc-banner", "/banners", "/print"];
  const path = "/product/pvc-banner";
  const spellings = new Set<string>();
  for (let i = 1; spellings.size < 500; i++) {
    // Escape a different set of letters each time, and now and then change the case or add slashes.
    const chars = [...path].map((c, at) => (c !== "/" && (i >> at) % 2 === 1 ? `%${c.charCodeAt(0).toString(16)}` : c));
    let odd = chars.join("");
    if (i % 7 === 0) odd = odd.toUpperCase().replace(/%([0-9A-F]{2})/gi, (m) => m.toLowerCase());
    if (i % 11 === 0) odd = `/${odd}/`;
    if (odd !== path) spellings.add(odd);
  }
  // The catalogue's version: a manager's change in a test running beside this one empties the cache, which
  // says nothing about flooding. Such a round is sent again (the catalogue rarely changes twice in a row).
  const catalogueVersion = async () => (await request.get("/api/data")).headers()["etag"];
  for (let round = 1; ; round++) {
    for (const url of real) await request.get(url);
    const before = await catalogueVersion();
    for (const odd of spellings) {
      const res = await request.get(`${baseURL}${odd}`, { maxRedirects: 0 });
      if (res.status() === 301) {
        expect(res.headers()["location"]?.toLowerCase(), odd).toBe(path);
      } else {
        expect(res.headers()["x-cache"], odd).toBeUndefined();
      }
    }
    const cached = await Promise.all(real.map(async (url) => (await request.get(url)).headers()["x-cache"]));
    if ((await catalogueVersion()) !== before && round < 3) continue;
    expect(cached, real.join(", ")).toEqual(["HIT", "HIT", "HIT"]);
    break;
  }
});
