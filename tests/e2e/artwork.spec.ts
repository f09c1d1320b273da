import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { createCustomer, expect, failedToLoad, signIn, test, visit } from "./fixtures";
import { goodArtwork, placePaidOrder } from "./journeys";

let dir: string;
test.beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-artwork-"));
  fs.writeFileSync(path.join(dir, "banner.jpg"), await goodArtwork());
  // 600 px over 304 mm is 50 ppi: cannot be printed.
  fs.writeFileSync(path.join(dir, "tiny.png"), await sharp({ create: { width: 600, height: 600, channels: 3, background: "#c22" } }).png().toBuffer());
  // A larger RGB file for the throttled upload: it prints, with a colour warning.
  fs.writeFileSync(
    path.join(dir, "big-rgb.png"),
    await sharp({ create: { width: 1800, height: 1800, channels: 3, background: "#888", noise: { type: "gaussian", mean: 128, sigma: 40 } } }).png({ compressionLevel: 0 }).toBuffer(),
  );
});
test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test.describe("artwork after payment", () => {
  test.use({ allowedConsoleErrors: [failedToLoad(422)] });

  test("the progress bar moves with the bytes sent; warnings show before approval; Order Complete makes it Print Ready", async ({ page, baseURL }) => {
    const customer = await createCustomer(baseURL!);
    const order = await placePaidOrder(baseURL!, customer, 2);
    await signIn(page, customer);
    await visit(page, `/checkout/artwork-uploader?order_group_id=${order.orderGroupId}`);
    await expect(page.getByRole("heading", { name: "Artwork Guide" })).toBeVisible();

    const alerts: string[] = [];
    page.on("dialog", (dialog) => {
      alerts.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole("button", { name: "Order Complete" }).click();
    await expect.poll(() => alerts).toEqual(["Please approve all images, check quantities, and ensure the number of uploaded images matches the required versions."]);

    // A file the shop cannot print is refused with the reason, before anything is approved.
    await page.locator('input[type="file"]').setInputFiles(path.join(dir, "tiny.png"));
    await expect(page.getByText("This file cannot be printed")).toBeVisible();
    await expect(page.getByText(/Your image is 50 ppi at 304 × 304 mm/).first()).toBeVisible();

    // A throttled upload (about 1 MB/s): the bar is seen part-way, at the bytes the server confirmed it holds.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 1_000_000 });
    await page.locator('input[type="file"]').setInputFiles(path.join(dir, "big-rgb.png"));
    const bar = page.getByRole("progressbar", { name: /Uploading artwork of PVC Banners/ });
    await expect(bar).toBeVisible();
    const seen = new Set<number>();
    await expect
      .poll(async () => {
        const value = Number(await bar.getAttribute("value").catch(() => "0"));
        const max = Number(await bar.getAttribute("max").catch(() => "1"));
        if (max > 0 && value > 0 && value < max) seen.add(Math.round((value / max) * 100));
        return seen.size;
      }, { intervals: [100] })
      .toBeGreaterThanOrEqual(1);
    await expect(page.getByText(/Uploading… \d+% \(\d+(\.\d)? MB of \d+(\.\d)? MB received\)/)).toBeVisible();
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await expect(page.getByText("Checked: please read before approving")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText("This file is RGB. We print in CMYK, so colours are converted and may print darker.")).toBeVisible();

    // Replace it with good artwork, view the proof, approve, complete.
    await page.getByRole("button", { name: "Remove" }).click();
    await page.locator('input[type="file"]').setInputFiles(path.join(dir, "banner.jpg"));
    await expect(page.getByText("Checked: ready to print")).toBeVisible({ timeout: 30_000 });
    await page.getByRole("button", { name: "View proof" }).click();
    const dialog = page.getByRole("dialog", { name: /Proof: PVC Banners/ });
    await expect(dialog.getByRole("img", { name: /Proof of banner\.jpg/ })).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).click();
    await page.getByLabel("Approve this proof").check();
    await expect(page.getByText("Approved", { exact: true })).toBeVisible();

    // A reload loses nothing: the file and its approval come back from the server.
    await page.reload();
    await expect(page.getByText("Approved", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Order Complete" }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout/order-confirmation/${order.orderGroupId}$`));
    await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
    await expect(page.getByTestId("order-id")).toHaveText(String(order.orderGroupId));
    expect(await page.evaluate(() => [localStorage.getItem("orderGroupId"), localStorage.getItem("attributesAttached")])).toEqual([null, null]);

    const group = await (await fetch(`${baseURL}/api/orders/group/${order.orderGroupId}`, { headers: { authorization: `Bearer ${customer.token}` } })).json();
    expect(group.status).toBe("Print Ready");
    expect(group.products[0].attributes_attached).toBe(true);
  });

  test("with two versions, the quantities must add up: 'Too many!' until they do @phone", async ({ page, baseURL }) => {
    const customer = await createCustomer(baseURL!);
    const order = await placePaidOrder(baseURL!, customer, 4, 2);
    await signIn(page, customer);
    await visit(page, `/checkout/artwork-uploader?order_group_id=${order.orderGroupId}`);
    // Two files chosen at once fill both versions.
    await page.locator('input[type="file"]').first().setInputFiles([path.join(dir, "banner.jpg"), path.join(dir, "banner.jpg")]);
    await expect(page.getByText("Checked: ready to print")).toHaveCount(2, { timeout: 60_000 });
    await expect(page.getByText("4 of 4 allocated to versions")).toBeVisible();
    const first = page.getByLabel("Quantity of this version").first();
    await first.fill("3");
    await first.blur();
    await expect(page.getByText("Too many!")).toBeVisible();
    const second = page.getByLabel("Quantity of this version").nth(1);
    await second.fill("1");
    await second.blur();
    await expect(page.getByText("4 of 4 allocated to versions")).toBeVisible();
    await page.getByLabel("Approve this proof").first().check();
    await expect(page.getByText("Approved", { exact: true })).toHaveCount(1);
    await page.getByLabel("Approve this proof").first().check();
    await expect(page.getByText("Approved", { exact: true })).toHaveCount(2);
    await page.getByRole("button", { name: "Order Complete" }).click();
    await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
  });

  test("Order Complete tapped while the approval is still being saved waits for it, then sends the order to print", async ({ page, baseURL }) => {
    const customer = await createCustomer(baseURL!);
    const order = await placePaidOrder(baseURL!, customer, 2);
    await signIn(page, customer);
    await visit(page, `/checkout/artwork-uploader?order_group_id=${order.orderGroupId}`);
    await page.locator('input[type="file"]').setInputFiles(path.join(dir, "banner.jpg"));
    await expect(page.getByText("Checked: ready to print")).toBeVisible({ timeout: 60_000 });
    // A slow connection: the approval takes a second and a half to reach the shop.
    const alerts: string[] = [];
    page.on("dialog", (dialog) => {
      alerts.push(dialog.message());
      void dialog.dismiss();
    });
    await page.route(/\/api\/orders\/\d+\/imgs\/\d+$/, async (route) => {
      if (route.request().method() === "PATCH") await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.getByLabel("Approve this proof").check();
    await expect(page.getByText("Approved", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Order Complete" }).click();
    // While the approval is on its way the button says what is happening, and cannot be pressed twice.
    await expect(page.getByRole("button", { name: "Sending to print…" })).toBeDisabled();
    await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
    expect(alerts).toEqual([]);
    const group = await (await fetch(`${baseURL}/api/orders/group/${order.orderGroupId}`, { headers: { authorization: `Bearer ${customer.token}` } })).json();
    expect(group.status).toBe("Print Ready");
  });
});

test("the confirmation page shows 'Order Not Found' for someone else's order", async ({ page, baseURL, consoleGuard }) => {
  consoleGuard.allow(failedToLoad(404));
  const owner = await createCustomer(baseURL!);
  const order = await placePaidOrder(baseURL!, owner);
  const stranger = await createCustomer(baseURL!);
  await signIn(page, stranger);
  await visit(page, `/checkout/order-confirmation/${order.orderGroupId}`);
  await expect(page.getByRole("heading", { name: "Order Not Found" })).toBeVisible();
});
