import { describe, expect, it } from "vitest";
import { normaliseUkPostcode } from "../../../domain/postcode";
import { MAX_SUGGESTION_ID_LENGTH, type LookupContext, type UkAddress } from "./address-lookup";
import { suggestionText } from "./address-matching";
import { createBuiltinAddressLookup } from "./builtin-address-lookup";
import { SAMPLE_ADDRESSES } from "./sample-addresses";

const lookup = createBuiltinAddressLookup();
const guest: LookupContext = { knownAddresses: [] };

const alicesWarehouse: UkAddress = {
  company: "Alice's Signs",
  address1: "Unit 1, Fresh Wharf Estate",
  address2: "Highbridge Road",
  town: "Barking",
  county: "Essex",
  postcode: "IG11 7BP",
  country: "United Kingdom",
};
const alice: LookupContext = { knownAddresses: [alicesWarehouse] };
const bob: LookupContext = {
  knownAddresses: [{ address1: "9 Orchard Row", address2: "", town: "Frome", county: "Somerset", postcode: "BA11 1AB", country: "United Kingdom" }],
};

describe("the sample address book", () => {
  it("holds about 80 UK addresses with valid, normalised postcodes across many areas", () => {
    expect(SAMPLE_ADDRESSES.length).toBeGreaterThanOrEqual(75);
    for (const address of SAMPLE_ADDRESSES) {
      expect(normaliseUkPostcode(address.postcode), address.postcode).toBe(address.postcode);
      expect(address.country).toBe("United Kingdom");
      expect(address.address1).not.toBe("");
      expect(address.town).not.toBe("");
    }
    const areas = new Set(SAMPLE_ADDRESSES.map((address) => /^[A-Z]+/.exec(address.postcode)![0]));
    expect(areas.size).toBeGreaterThanOrEqual(50);
    expect(new Set(SAMPLE_ADDRESSES.map(suggestionText)).size).toBe(SAMPLE_ADDRESSES.length);
  });
});

describe("builtin suggest", () => {
  it("gives nothing for a query under 3 characters", async () => {
    expect(await lookup.suggest("", guest)).toEqual([]);
    expect(await lookup.suggest("e1", guest)).toEqual([]);
    expect(await lookup.suggest("  ab  ", alice)).toEqual([]);
  });

  it("matches postcodes by prefix, ignoring the space and case", async () => {
    const expected = [{ id: "s:0", text: "Unit 4, Riverside Trade Park, 12 Wharf Road, London E15 2SU" }];
    expect(await lookup.suggest("e152", guest)).toEqual(expected);
    expect(await lookup.suggest("E15 2", guest)).toEqual(expected);
    expect(await lookup.suggest(" e15 2su ", guest)).toEqual(expected);
    expect((await lookup.suggest("E1W", guest)).map((s) => s.text)).toEqual(["Unit 3, Wapping Wharf Studios, 71 Wapping High Street, London E1W 2PN"]);
    expect(await lookup.suggest("E15 3", guest)).toEqual([]);
  });

  it("finds every sample address whose postcode starts with the query, and no other", async () => {
    const suggestions = await lookup.suggest("NE1", guest);
    const postcodes = await Promise.all(suggestions.map(async (s) => (await lookup.resolve(s.id, guest))!.postcode));
    expect(postcodes.sort()).toEqual(SAMPLE_ADDRESSES.map((a) => a.postcode).filter((p) => p.replace(" ", "").startsWith("NE1")).sort());
    expect(postcodes).toEqual(expect.arrayContaining(["NE1 3JF", "NE11 0JT"]));
  });

  it("otherwise needs every word of the query somewhere in the address, in any case", async () => {
    expect((await lookup.suggest("kirkstall TRADE leeds", guest)).map((s) => s.text)).toEqual([
      "Unit 19, Kirkstall Trade Park, Kirkstall Road, Leeds LS4 2BT",
    ]);
    expect((await lookup.suggest("cornwall", guest)).map((s) => s.text)).toEqual(["18 River Street, Truro TR1 2SJ"]); // the county counts
    expect(await lookup.suggest("kirkstall manchester", guest)).toEqual([]);
    const london = await lookup.suggest("london, wharf", guest);
    expect(london.length).toBeGreaterThan(1);
    for (const s of london) expect(s.text.toLowerCase()).toMatch(/(?=.*london)(?=.*wharf)/);
  });

  it("returns at most 10", async () => {
    const matching = SAMPLE_ADDRESSES.filter((a) => suggestionText(a).toLowerCase().includes("unit"));
    expect(matching.length).toBeGreaterThan(10);
    const suggestions = await lookup.suggest("unit", guest);
    expect(suggestions).toHaveLength(10);
    expect(suggestions.map((s) => s.text)).toEqual(matching.slice(0, 10).map(suggestionText));
  });

  it("puts the customer's own addresses first", async () => {
    const suggestions = await lookup.suggest("unit", alice);
    expect(suggestions).toHaveLength(10);
    expect(suggestions[0]!.text).toBe("Alice's Signs, Unit 1, Fresh Wharf Estate, Highbridge Road, Barking IG11 7BP");
    expect(suggestions[0]!.id).toMatch(/^k:/);
    expect(suggestions.slice(1).every((s) => s.id.startsWith("s:"))).toBe(true);
    expect((await lookup.suggest("ig11 7", alice)).map((s) => s.text)).toEqual([suggestions[0]!.text]);
    expect(await lookup.suggest("ig11 7", bob)).toEqual([]);
  });

  it("offers an address once when the customer has saved it twice or it is also a sample", async () => {
    const sample = SAMPLE_ADDRESSES[0]!;
    const context: LookupContext = { knownAddresses: [{ ...sample }, { ...sample }, alicesWarehouse] };
    const suggestions = await lookup.suggest("e15", context);
    expect(suggestions).toHaveLength(1);
    expect(suggestions[0]!.id).toMatch(/^k:/);
    expect(await lookup.resolve(suggestions[0]!.id, context)).toEqual(sample);
  });

  it("keeps a known address's id stable and short, and changes it when the address changes", async () => {
    const [first] = await lookup.suggest("barking", alice);
    const [again] = await lookup.suggest("fresh wharf", { knownAddresses: [{ ...alicesWarehouse }] });
    expect(again!.id).toBe(first!.id);
    expect(first!.id.length).toBeLessThanOrEqual(MAX_SUGGESTION_ID_LENGTH);
    const [moved] = await lookup.suggest("barking", { knownAddresses: [{ ...alicesWarehouse, address2: "Highbridge Road West" }] });
    expect(moved!.id).not.toBe(first!.id);
  });
});

describe("builtin resolve", () => {
  it("round-trips every suggestion to the address it describes", async () => {
    for (const query of ["unit", "e152", "street", "barking"]) {
      for (const suggestion of await lookup.suggest(query, alice)) {
        const address = await lookup.resolve(suggestion.id, alice);
        expect(address, suggestion.id).not.toBeNull();
        expect(suggestionText(address!)).toBe(suggestion.text);
      }
    }
    expect(await lookup.resolve("s:0", guest)).toEqual({
      address1: "Unit 4, Riverside Trade Park",
      address2: "12 Wharf Road",
      town: "London",
      county: "Greater London",
      postcode: "E15 2SU",
      country: "United Kingdom",
    });
    const [own] = await lookup.suggest("barking", alice);
    expect(await lookup.resolve(own!.id, alice)).toEqual(alicesWarehouse);
  });

  it("hands out copies, so a caller cannot change the sample book", async () => {
    const copy = (await lookup.resolve("s:1", guest))!;
    copy.town = "Changed";
    expect((await lookup.resolve("s:1", guest))!.town).not.toBe("Changed");
  });

  it.each(["s:9999", `s:${SAMPLE_ADDRESSES.length}`, "s:-1", "s:01", "s:1x", "s:", "s:1.0", "k:", "k:not-a-hash", "ga:abc", "", "0", "../s:1"])(
    "gives null for the forged or unknown id %j",
    async (id) => {
      expect(await lookup.resolve(id, alice)).toBeNull();
    },
  );

  it("does not resolve one customer's address with another customer's context", async () => {
    const [own] = await lookup.suggest("barking", alice);
    expect(await lookup.resolve(own!.id, alice)).not.toBeNull();
    expect(await lookup.resolve(own!.id, bob)).toBeNull();
    expect(await lookup.resolve(own!.id, guest)).toBeNull();
  });
});
