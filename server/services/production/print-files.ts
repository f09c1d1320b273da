// An order's print files as one ZIP (server/services/production-service.ts): every file checked in storage
// first, then streamed one PDF at a time, stored without compression.
import { PassThrough } from "node:stream";
import yazl from "yazl";
import { failure } from "../outcome";
import type { ProductionContext } from "./production-context";
import type { ProductionService } from "./production-types";

export function printFiles(context: ProductionContext): Pick<ProductionService, "printFilesZip"> {
  const { deps, storage } = context;
  return {
    async printFilesZip(orderGroupId) {
      const group = await deps.orders.group(orderGroupId);
      if (!group) return failure("not-found", "Not found");
      const wanted = group.items.flatMap((item) => item.files.map((file) => ({ item, file })));
      if (wanted.length === 0) return failure("conflict", `Order ${group.id} has no print files yet.`);
      // Every file is checked before the first byte goes out: a missing one is an error the printer
      // sees, never an archive that quietly lacks it.
      const missing: string[] = [];
      for (const { item, file } of wanted) {
        if (!(await storage.exists(file.pdfKey))) missing.push(`item ${item.lineNumber} (${item.productName}) version ${file.versionNumber}`);
      }
      if (missing.length > 0) {
        return failure("conflict", `The print file of ${missing.join(", ")} is missing from storage. Ask the customer to upload it again.`);
      }
      const zip = new yazl.ZipFile();
      const out = new PassThrough();
      zip.outputStream.pipe(out);
      // Each PDF is opened only when the archive reaches it, so one file at a time is in flight.
      (async () => {
        for (const item of group.items) {
          for (const file of item.files) {
            const stored = await storage.open(file.pdfKey);
            // Gone since the check above: the download fails rather than end without the file.
            if (!stored) throw new Error(`print file ${file.pdfKey} disappeared while the archive was being sent`);
            const safe = item.productName.replace(/[^\w.-]+/g, "-").slice(0, 40);
            const name = `order-${group.id}/item-${item.lineNumber}-${safe}/v${file.versionNumber}-qty${file.quantity}.pdf`;
            // PDFs are already compressed: stored without deflate, which also keeps the CPU free.
            zip.addReadStream(stored.stream, name, { compress: false, size: stored.size } as yazl.ReadStreamOptions);
            await new Promise<void>((resolve, reject) => {
              stored.stream.once("end", resolve);
              stored.stream.once("error", reject);
            });
          }
        }
        zip.end();
      })().catch((error: unknown) => out.destroy(error as Error));
      return { ok: true, stream: out, fileName: `order-${group.id}-print-files.zip` };
    },
  };
}
