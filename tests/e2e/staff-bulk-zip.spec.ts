import { readFile } from "node:fs/promises";
import { orderRef } from "../../domain/order-ref";
import { zipEntries } from "../support/zip-entries";
import { createCustomer, expect, failedToLoad, test } from "./fixtures";
import { addStaffMember, completeArtwork, placePaidOrder, signInAsStaff } from "./journeys";

test.describe("the orders desk's print files", () => {
  test.use({ allowedConsoleErrors: [failedToLoad(401), failedToLoad(404)] });

  test("a manager selects two jobs with artwork and downloads one ZIP holding both print files", async ({ page, baseURL }) => {
    const customer = await createCustomer(baseURL!);
    const two = [await placePaidOrder(baseURL!, customer, 2, 1), await placePaidOrder(baseURL!, customer, 2, 1)];
    for (const order of two) await completeArtwork(baseURL!, customer, order);

    const manager = await addStaffMember("manager");
    await signInAsStaff(page, manager.link);
    await page.goto(`/staff/orders?q=${encodeURIComponent(customer.email)}`);
    await expect(page.getByTestId("desk-order")).toHaveCount(2);
    for (const order of two) await page.getByLabel(`Select ${orderRef(order.orderGroupId)}`).check();

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Print files (ZIP)" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("print-files.zip");
    const entries = zipEntries(await readFile((await file.path())!));
    const pdfs = entries.filter((entry) => entry.name.endsWith(".pdf"));
    expect(pdfs).toHaveLength(2);
    for (const order of two) {
      const ref = orderRef(order.orderGroupId);
      expect(pdfs.some((pdf) => pdf.name === `${ref}/${ref}_item-${order.orderId}_PVC-Banners_v1-of-1_qty-2.pdf`)).toBe(true);
    }
    for (const pdf of pdfs) expect(pdf.data.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(entries.map((entry) => entry.name)).not.toContain("MISSING.txt");
  });
});
