// The browser's types come from API_CONTRACT; this proves each entry is the schema its live route
// declares, so a client type and the server's answer cannot drift apart unseen.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/setup/test-app";
import { API_CONTRACT } from "./contract";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const route = (call: string) => {
  const [method, url] = call.split(" ");
  return t.app.routeTable.find((entry) => entry.method === method && entry.url === url);
};

describe.each(Object.entries(API_CONTRACT))("%s", (call, entry) => {
  it("is a route of the server", () => {
    expect(route(call), call).toBeDefined();
  });

  it("answers success with the contract's schema", () => {
    const response = (route(call)?.schema?.response ?? {}) as Record<string, unknown>;
    const success = Object.keys(response).filter((status) => status.startsWith("2"));
    expect(success, "one success answer").toHaveLength(1);
    expect(response[success[0]!] === entry.answer, `${call} answers ${success[0]} with another schema than the contract's`).toBe(true);
  });

  if ("body" in entry) {
    it("takes the contract's body schema", () => {
      expect(route(call)?.schema?.body === entry.body, `${call} validates its body with another schema than the contract's`).toBe(true);
    });
  }

  if ("form" in entry) {
    it("takes the contract's multipart form schema", () => {
      expect(route(call)?.form?.schema === entry.form, `${call} validates its form with another schema than the contract's`).toBe(true);
    });
  }
});
