// The price list as a spreadsheet (server/services/back-office/price-service.ts): every product's prices
// exported as CSV, and a CSV imported, planned first and applied all or nothing in one transaction.
import { describePriceChanges } from "../../../../domain/price-inputs";
import { encodePriceList, readPriceList } from "../../../../domain/price-list";
import { recordAudit } from "../audit";
import { allInputs } from "./price-reads";
import { saveIn } from "./price-save";
import type { ImportChange, PriceDeps, PriceService } from "./price-types";

export function priceListFile(deps: PriceDeps): Pick<PriceService, "exportCsv" | "importCsv"> {
  const { db, changes } = deps;
  return {
    async exportCsv() {
      return encodePriceList(await allInputs(db));
    },

    async importCsv(text, apply, actor) {
      const all = await allInputs(db);
      const bySlug = new Map(all.map((p) => [p.slug, p]));
      const read = readPriceList(text, new Map(all.map((p) => [p.slug, p.inputs])));
      const planned: ImportChange[] = [];
      for (const [slug, inputs] of read.products) {
        const current = bySlug.get(slug)!;
        const described = describePriceChanges(current.inputs, inputs);
        if (described.length > 0) planned.push({ row: read.rows.get(slug) ?? 0, slug, name: current.name, changes: described });
      }
      planned.sort((a, b) => a.row - b.row);
      // A file with any error changes nothing: the manager fixes the rows and imports it again.
      if (!apply || read.errors.length > 0 || planned.length === 0) return { changes: planned, errors: read.errors, applied: false };

      const ids = planned.map((c) => bySlug.get(c.slug)!.id);
      const outcome = await db.transaction(async (tx) => {
        for (const change of planned) {
          const id = bySlug.get(change.slug)!.id;
          // No base version: each product is compared with its prices as they are now, row-locked here.
          const saved = await saveIn(tx, id, read.products.get(change.slug)!, null, actor, "import");
          if (!saved.ok) throw new ImportAborted(`Row ${change.row} (${change.slug}): ${saved.message}`);
        }
        await recordAudit(tx, actor, {
          action: "prices.import",
          entityType: "price-list",
          entityId: "all",
          summary: `Price list imported: ${planned.length} product${planned.length === 1 ? "" : "s"} changed`,
          before: null,
          after: { products: planned.map((c) => c.slug) },
        });
        await changes.announce(tx, { productIds: ids });
        return null;
      }).catch((error: unknown) => {
        if (error instanceof ImportAborted) return error.message;
        throw error;
      });
      if (outcome !== null) return { changes: planned, errors: [{ row: 1, message: `Nothing was changed. ${outcome}` }], applied: false };
      changes.applied({ productIds: ids });
      return { changes: planned, errors: [], applied: true };
    },
  };
}

class ImportAborted extends Error {}
