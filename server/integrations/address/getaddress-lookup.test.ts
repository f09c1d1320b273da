import http from "node:http";
import type net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { ADDRESS_LOOKUP_UNAVAILABLE, AddressLookupError, type LookupContext, type UkAddress } from "./address-lookup";
import { createGetAddressLookup, GETADDRESS_BASE_URL } from "./getaddress-lookup";
import { createAddressLookup } from "./index";
import { freePort, rejectionOf } from "../../../tests/support/net";

/** Characters that must be encoded, so the test sees whether they were. */
const API_KEY = "test-KEY_0123+secret/&=x";
const guest: LookupContext = { knownAddresses: [] };

type Received = { method: string; path: string; apiKey: string | null };
type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

const servers: http.Server[] = [];

/** A stand-in for getAddress.io on 127.0.0.1 that records what it was asked. */
async function startProvider(handler: Handler): Promise<{ baseUrl: string; received: Received[] }> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    received.push({ method: req.method ?? "", path: url.pathname, apiKey: url.searchParams.get("api-key") });
    handler(req, res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, received };
}

function json(status: number, body: unknown): Handler {
  return (_req, res) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
}


afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});


function expectNoKey(error: AddressLookupError): void {
  expect(error.message).toBe(ADDRESS_LOOKUP_UNAVAILABLE);
  for (const text of [error.message, error.detail, String(error), error.stack ?? "", JSON.stringify(error)]) {
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain(encodeURIComponent(API_KEY));
    expect(text).not.toContain("secret");
  }
}

const westminster = {
  suggestions: [
    { address: "Westminster Gallery, Westminster Central Hall, Westminster, London", url: "/get/NDg5YmQ5NzY5Zjk0YmI5IDUxMTQ3MTI1", id: "NDg5YmQ5NzY5Zjk0YmI5IDUxMTQ3MTI1" },
    { address: "Howick Place Westminster, 7 Howick Place, Westminster, London", url: "/get/ZGQyYTFjMGI0YTkzZjRjIDUxMTE5NDg3", id: "ZGQyYTFjMGI0YTkzZjRjIDUxMTE5NDg3" },
  ],
};

const details = {
  postcode: "nn1 3er",
  latitude: 52.24593734741211,
  longitude: -0.891636312007904,
  formatted_address: ["Unit 3, Watkin Works", "10 Watkin Terrace", "Kingsthorpe", "Northampton", "Northamptonshire"],
  thoroughfare: "Watkin Terrace",
  building_name: "Watkin Works",
  sub_building_name: "Unit 3",
  sub_building_number: "",
  building_number: "10",
  line_1: "Unit 3, Watkin Works",
  line_2: "10 Watkin Terrace",
  line_3: "",
  line_4: "",
  locality: "Kingsthorpe",
  town_or_city: "Northampton",
  county: "Northamptonshire",
  district: "Northampton",
  country: "England",
  residential: false,
};

describe("getAddress suggest", () => {
  it("asks the autocomplete API with the encoded term and key, and prefixes the ids", async () => {
    const provider = await startProvider(json(200, westminster));
    const lookup = createGetAddressLookup({ apiKey: API_KEY, baseUrl: provider.baseUrl });

    const suggestions = await lookup.suggest("  Westminster Hall/7 & Co ", guest);

    expect(provider.received).toEqual([
      { method: "GET", path: "/autocomplete/Westminster%20Hall%2F7%20%26%20Co", apiKey: API_KEY },
    ]);
    expect(suggestions).toEqual([
      { id: "ga:NDg5YmQ5NzY5Zjk0YmI5IDUxMTQ3MTI1", text: "Westminster Gallery, Westminster Central Hall, Westminster, London" },
      { id: "ga:ZGQyYTFjMGI0YTkzZjRjIDUxMTE5NDg3", text: "Howick Place Westminster, 7 Howick Place, Westminster, London" },
    ]);
    expect(lookup.kind).toBe("getaddress");
  });

  it("returns at most 10 and drops suggestions whose id it would not send back", async () => {
    const many = Array.from({ length: 14 }, (_, i) => ({ address: `${i + 1} High Street, Leeds`, url: `/get/id${i}`, id: `id${i}` }));
    const provider = await startProvider(
      json(200, { suggestions: [{ address: "Odd", id: "../../admin" }, { address: "Long", id: "x".repeat(300) }, ...many] }),
    );
    const suggestions = await createGetAddressLookup({ apiKey: API_KEY, baseUrl: provider.baseUrl }).suggest("high street", guest);
    expect(suggestions).toHaveLength(10);
    expect(suggestions.map((s) => s.id)).toEqual(many.slice(0, 10).map((s) => `ga:${s.id}`));
  });

  it("does not call the provider for a query under 3 characters", async () => {
    const provider = await startProvider(json(200, westminster));
    expect(await createGetAddressLookup({ apiKey: API_KEY, baseUrl: provider.baseUrl }).suggest(" ab ", guest)).toEqual([]);
    expect(provider.received).toEqual([]);
  });

  it("puts the customer's own matching addresses before the provider's", async () => {
    const own: UkAddress = { address1: "Unit 9, Westminster Yard", address2: "", town: "London", county: "", postcode: "SW1P 3AA", country: "United Kingdom" };
    const provider = await startProvider(json(200, westminster));
    const lookup = createGetAddressLookup({ apiKey: API_KEY, baseUrl: provider.baseUrl });
    const context = { knownAddresses: [own] };

    const suggestions = await lookup.suggest("westminster", context);

    expect(suggestions.map((s) => s.text)).toEqual([
      "Unit 9, Westminster Yard, London SW1P 3AA",
      "Westminster Gallery, Westminster Central Hall, Westminster, London",
      "Howick Place Westminster, 7 Howick Place, Westminster, London",
    ]);
    expect(await lookup.resolve(suggestions[0]!.id, context)).toEqual(own);
    expect(await lookup.resolve(suggestions[0]!.id, guest)).toBeNull();
    expect(provider.received).toHaveLength(1); // the own address resolved without the provider
  });

  it("uses the fetch it is given", async () => {
    const provider = await startProvider(json(200, westminster));
    const urls: string[] = [];
    const recordingFetch: typeof fetch = (input, init) => {
      urls.push(String(input));
      return fetch(input, init);
    };
    const lookup = createGetAddressLookup({ apiKey: API_KEY, baseUrl: `${provider.baseUrl}/`, fetch: recordingFetch });
    expect(await lookup.suggest("westminster", guest)).toHaveLength(2);
    expect(urls).toEqual([`${provider.baseUrl}/autocomplete/westminster?api-key=${encodeURIComponent(API_KEY)}`]);
  });
});

describe("getAddress resolve", () => {
  it("asks the get API for the id and maps the answer into our address", async () => {
    const provider = await startProvider(json(200, details));
    const lookup = createGetAddressLookup({ apiKey: API_KEY, baseUrl: provider.baseUrl });

    const address = await lookup.resolve("ga:NDg5YmQ5NzY5Zjk0YmI5IDUxMTQ3MTI1", guest);

    expect(provider.received).toEqual([{ method: "GET", path: "/get/NDg5YmQ5NzY5Zjk0YmI5IDUxMTQ3MTI1", apiKey: API_KEY }]);
    expect(address).toEqual({
      address1: "Unit 3, Watkin Works",
      address2: "10 Watkin Terrace, Kingsthorpe",
      town: "Northampton",
      county: "Northamptonshire",
      postcode: "NN1 3ER",
      country: "United Kingdom",
    });
  });

  it("joins lines 2 to 4 and leaves out a locality the lines already give", async () => {
    const provider = await startProvider(
      json(200, { ...details, line_2: "Watkin Terrace", line_3: "Kingsthorpe", line_4: "Upper Level", locality: "Kingsthorpe", county: null }),
    );
    const address = await createGetAddressLookup({ apiKey: API_KEY, baseUrl: provider.baseUrl }).resolve("ga:abc123", guest);
    expect(address).toMatchObject({ address2: "Watkin Terrace, Kingsthorpe, Upper Level", county: "" });
  });

  it("gives null for a 404", async () => {
    const provider = await startProvider(json(404, { Message: "Not Found" }));
    expect(await createGetAddressLookup({ apiKey: API_KEY, baseUrl: provider.baseUrl }).resolve("ga:gone", guest)).toBeNull();
    expect(provider.received).toHaveLength(1);
  });

  it.each(["s:1", "k:abc", "", "ga:", "ga:../../usage", "ga:a b", `ga:${"x".repeat(200)}`])("gives null for %j without asking the provider", async (id) => {
    const provider = await startProvider(json(200, details));
    expect(await createGetAddressLookup({ apiKey: API_KEY, baseUrl: provider.baseUrl }).resolve(id, guest)).toBeNull();
    expect(provider.received).toEqual([]);
  });
});

describe("getAddress failures", () => {
  it.each([
    [401, /refused the API key/],
    [429, /request limit/],
    [500, /HTTP 500/],
  ])("HTTP %i → AddressLookupError without the key", async (status, detail) => {
    const provider = await startProvider(json(status, { Message: `Rejected key ${API_KEY}` }));
    const lookup = createGetAddressLookup({ apiKey: API_KEY, baseUrl: provider.baseUrl });

    for (const call of [() => lookup.suggest("westminster", guest), () => lookup.resolve("ga:abc123", guest)]) {
      const error = await rejectionOf(call(), AddressLookupError);
      expect(error.status).toBe(status);
      expect(error.detail).toMatch(detail);
      expectNoKey(error);
    }
  });

  it("treats a 404 from autocomplete as a failure, not as no results", async () => {
    const provider = await startProvider(json(404, {}));
    const error = await rejectionOf(createGetAddressLookup({ apiKey: API_KEY, baseUrl: provider.baseUrl }).suggest("westminster", guest), AddressLookupError);
    expect(error.status).toBe(404);
  });

  it("reports a closed port as a network error without the key", async () => {
    const lookup = createGetAddressLookup({ apiKey: API_KEY, baseUrl: `http://127.0.0.1:${await freePort()}` });
    for (const call of [() => lookup.suggest("westminster", guest), () => lookup.resolve("ga:abc123", guest)]) {
      const error = await rejectionOf(call(), AddressLookupError);
      expect(error.status).toBeNull();
      expect(error.detail).toMatch(/ECONNREFUSED/);
      expectNoKey(error);
    }
  });

  it("times out a server that does not answer", async () => {
    const provider = await startProvider(() => {
      // never answers; afterEach closes the connection
    });
    const error = await rejectionOf(createGetAddressLookup({ apiKey: API_KEY, baseUrl: provider.baseUrl, timeoutMs: 150 }).suggest("westminster", guest), AddressLookupError);
    expect(error.detail).toBe("autocomplete: no answer within 150 ms");
    expectNoKey(error);
  });

  it("times out a server that sends headers and then stalls the body", async () => {
    const provider = await startProvider((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"postcode":');
    });
    const error = await rejectionOf(createGetAddressLookup({ apiKey: API_KEY, baseUrl: provider.baseUrl, timeoutMs: 150 }).resolve("ga:abc123", guest), AddressLookupError);
    expect(error.detail).toBe("get: no answer within 150 ms");
  });

  it.each([
    ["not JSON", "<html>oops</html>", /not JSON/],
    ["the wrong shape", JSON.stringify({ results: [] }), /unexpected answer/],
  ])("fails on an answer that is %s", async (_what, body, detail) => {
    const provider = await startProvider((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(body);
    });
    const error = await rejectionOf(createGetAddressLookup({ apiKey: API_KEY, baseUrl: provider.baseUrl }).suggest("westminster", guest), AddressLookupError);
    expect(error.detail).toMatch(detail);
  });

  it("refuses to start without a key", () => {
    expect(() => createGetAddressLookup({ apiKey: "  " })).toThrow(/API key/);
  });
});

describe("createAddressLookup", () => {
  it("uses the built-in lookup without a key", async () => {
    expect(createAddressLookup({}).kind).toBe("builtin");
    expect(createAddressLookup({ apiKey: "   " }).kind).toBe("builtin");
    expect(await createAddressLookup({}).suggest("e152", guest)).toHaveLength(1);
  });

  it("uses getAddress.io with a key, at the base URL given", async () => {
    const provider = await startProvider(json(200, westminster));
    const lookup = createAddressLookup({ apiKey: ` ${API_KEY} `, baseUrl: provider.baseUrl });
    expect(lookup.kind).toBe("getaddress");
    expect(await lookup.suggest("westminster", guest)).toHaveLength(2);
    expect(provider.received[0]!.apiKey).toBe(API_KEY);
    expect(GETADDRESS_BASE_URL).toBe("https://api.getaddress.io");
  });
});
