// Emails read well on a phone (a viewport), and a parcel's tracking number is a link where the carrier has
// a tracking page (issue 36 point 6).
import { describe, expect, it } from "vitest";
import type { ShopDetails } from "../../config";
import { dispatchEmail } from "./templates";

const shop: ShopDetails = {
  name: "Printwise",
  phone: "01234 567890",
  email: "hello@example.test",
  address: "1 High Street",
  hours: "Mon-Fri 9-5",
  vatNumber: "GB123456789",
  legalName: "Printwise Ltd",
};
const parcel = (carrier: string, trackingNumber: string) => ({
  firstname: "Ada",
  orderGroupId: 42,
  carrier,
  trackingNumber,
  deliveryLine: "2 Low Road, Leeds",
  deliveryDate: "Friday 10 January 2025",
  orderUrl: "https://shop.example.test/my-account/orders/42",
  items: ["25 × A4 Posters"],
});

describe("the dispatch email", () => {
  it("has a viewport, so a phone shows it at its own width", () => {
    expect(dispatchEmail(shop, parcel("DPD", "1550")).html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
  });

  it("links the tracking number to the carrier's tracking page, in HTML and in text", () => {
    const email = dispatchEmail(shop, parcel("Royal Mail", "AB123456789GB"));
    expect(email.html).toContain('<a href="https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB" style="color:#1d4ed8;">AB123456789GB</a>');
    expect(email.text).toContain("Tracking number: AB123456789GB\nTrack it: https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB\n");
  });

  it("keeps the number as plain text for a carrier with no tracking page", () => {
    const email = dispatchEmail(shop, parcel("Own van", "VAN-0042"));
    expect(email.html).toContain("<strong>Tracking number:</strong> VAN-0042<br>");
    expect(email.text).not.toContain("Track it:");
  });
});
