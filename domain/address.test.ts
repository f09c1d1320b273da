import { describe, expect, it } from "vitest";
import { deliversToBilling, EMPTY_ADDRESS, type SavedAddress } from "./address";

const billing: SavedAddress = { ...EMPTY_ADDRESS, address1: "12 Wharf Road", town: "London", postcode: "E15 2SU" };
const names = { first: "Ada", last: "Lovelace" };

describe("deliversToBilling", () => {
  it("matches a delivery address saved from 'Same as billing' (billing has no names; delivery took the account's)", () => {
    const delivery = { ...billing, first_name: "Ada", last_name: "Lovelace", instructions: "Side door" };
    expect(deliversToBilling(billing, delivery, names)).toBe(true);
  });

  it("ignores case and spacing", () => {
    const delivery = { ...billing, first_name: "ada ", last_name: "LOVELACE", address1: "12  wharf road", town: "LONDON" };
    expect(deliversToBilling(billing, delivery, names)).toBe(true);
  });

  it("is false for another place or another person", () => {
    expect(deliversToBilling(billing, { ...billing, first_name: "Ada", last_name: "Lovelace", postcode: "E15 2SX" }, names)).toBe(false);
    expect(deliversToBilling(billing, { ...billing, first_name: "Charles", last_name: "Babbage" }, names)).toBe(false);
    expect(deliversToBilling({ ...billing, first_name: "Accounts", last_name: "Dept" }, { ...billing, first_name: "Ada", last_name: "Lovelace" }, names)).toBe(false);
  });

  it("is false when either address is missing", () => {
    expect(deliversToBilling(null, billing, names)).toBe(false);
    expect(deliversToBilling(billing, null, names)).toBe(false);
  });
});
