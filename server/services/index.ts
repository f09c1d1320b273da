import type { DbHandle } from "../../db/client";
import path from "node:path";
import { createArtworkProcessor } from "../artwork/processor";
import type { Config, ShopDetails } from "../config";
import { createAddressLookup, type AddressLookup } from "../integrations/address";
import { createTransport, type MailTransport } from "../integrations/email/transport";
import type { PaymentProvider } from "../integrations/payments/payment-provider";
import { createStripeProvider } from "../integrations/payments/stripe-provider";
import { createTestPaymentProvider, type TestPaymentProvider } from "../integrations/payments/test-provider";
import { createStorage } from "../integrations/storage";
import type { FileStorage } from "../integrations/storage/storage";
import { createAccountService, type AccountService } from "./account-service";
import { createArtworkService, type ArtworkProcessor, type ArtworkService } from "./artwork-service";
import { createPriceService, type PriceService } from "./back-office/price-service";
import { createCategoryAdmin, type CategoryAdmin } from "./back-office/category-admin";
import { createProductAdmin, type ProductAdmin } from "./back-office/product-admin";
import { createPromotionAdmin, type PromotionAdmin } from "./back-office/promotion-admin";
import { createTeam, type Team } from "./back-office/team";
import { createCatalogueChanges, type CatalogueChanges } from "./catalogue-changes";
import { createCatalogueService, type CatalogueService } from "./catalogue-service";
import { createCheckoutService, type CheckoutService } from "./checkout-service";
import { createDesignService, type DesignService } from "./design-service";
import { createContactService, type ContactService } from "./contact-service";
import { createEmailSender, type EmailSender, type SenderLog } from "./email-outbox";
import { createInvoiceService, type InvoiceService } from "./invoice-service";
import { createOrderService, type OrderService } from "./order-service";
import { createProductionService, type ProductionService } from "./production-service";
import { createOrdersDesk, type OrdersDesk } from "./orders-desk";
import { createCustomerDirectory, type CustomerDirectory } from "./customers";
import { createPromoService, type PromoService } from "./promo-service";
import { createQuoteService, type QuoteService } from "./quote-service";
import { createTradeAccountService, type TradeAccountService } from "./trade-account-service";
import { createRefundService, type RefundService } from "./refund-service";
import { createReprintService, type ReprintService } from "./reprint-service";
import { createDesignJobService, type DesignJobService } from "./design-jobs/design-job-service";
import { createRedesignService, type RedesignService } from "./design-jobs/redesign-service";
import { registerUploadPurposes } from "./uploads/purposes";
import { createUploadService, type UploadService } from "./uploads/upload-service";

export type Services = {
  db: DbHandle;
  shop: ShopDetails;
  config: Config;
  catalogue: CatalogueService;
  /** Tells every process of a catalogue change (LISTEN/NOTIFY on PostgreSQL). */
  catalogueChanges: CatalogueChanges;
  /** The back office: price inputs, versions and the price list. */
  prices: PriceService;
  /** The back office: product details (names, slug, words, visibility). */
  productAdmin: ProductAdmin;
  /** The back office: categories and subcategories. */
  categoryAdmin: CategoryAdmin;
  /** The back office: promo codes. */
  promotionAdmin: PromotionAdmin;
  /** The back office: inviting staff and managers. */
  team: Team;
  accounts: AccountService;
  promos: PromoService;
  contact: ContactService;
  addressLookup: AddressLookup;
  checkout: CheckoutService;
  /** The built-in test card processor, when it is the payment provider (its hosted page needs it). */
  testPayments: TestPaymentProvider | null;
  orders: OrderService;
  storage: FileStorage;
  artworkProcessor: ArtworkProcessor;
  artwork: ArtworkService;
  /** Designs from the online editor: drafts, their images, and their print files. */
  designs: DesignService;
  invoices: InvoiceService;
  production: ProductionService;
  /** The orders desk: every order, searched, filtered, sorted and keyset-paged. */
  ordersDesk: OrdersDesk;
  /** Customers: found by name, email, company, postcode or phone, with their orders, spend and quotes. */
  customers: CustomerDirectory;
  emailSender: EmailSender;
  /** Formal quotes: from the basket, and Quick Quote requests priced by managers. */
  quotes: QuoteService;
  /** Trade accounts: credit limits, terms, holds, payments and statements. */
  tradeAccounts: TradeAccountService;
  /** Cancellations and refunds, each with its VAT credit note. */
  refunds: RefundService;
  /** Reprints under the print guarantee. */
  reprints: ReprintService;
  /** The design service: briefs, the designers' desk, proofs, amends and sign-off. */
  designJobs: DesignJobService;
  /** Reprints with new artwork after a claim, at 50% of the item, paid through a link. */
  redesigns: RedesignService;
  /** Resumable (tus) uploads: their owners, purposes, locks and completions (server/services/uploads). */
  uploads: UploadService;
};

export type ServiceOverrides = {
  /** Tests pass a fake; otherwise SMTP or .eml files as configured. */
  mailTransport?: MailTransport;
  /** Tests pass a provider of their own (Stripe against a local server). */
  paymentProvider?: PaymentProvider;
  log?: SenderLog;
};

export function createServices(db: DbHandle, config: Config, overrides: ServiceOverrides = {}): Services {
  const log = overrides.log ?? console;
  const emailSender = createEmailSender({
    db: db.db,
    transport: overrides.mailTransport ?? createTransport(config),
    from: { name: config.shop.name, address: config.shop.email },
    log,
    singleProcess: db.kind === "pglite",
  });
  const catalogue = createCatalogueService(db.db);
  const catalogueChanges = createCatalogueChanges(db, catalogue, { warn: (obj, msg) => log.warn(obj, msg) });
  const accounts = createAccountService({ db: db.db, shop: config.shop, publicUrl: config.publicUrl, sender: emailSender, cacheSessions: db.kind === "pglite", passwordHashing: config.passwordHashing });
  const promos = createPromoService(db.db);
  const orders = createOrderService(db.db);
  const storage = createStorage(config.storage);
  const workerPool = createArtworkProcessor({});
  const artworkProcessor: ArtworkProcessor = workerPool;
  const artwork = createArtworkService({ db: db.db, storage, processor: artworkProcessor, orders, tmpDir: path.join(config.dataDir, "tmp", "uploads") });
  const designs = createDesignService({ db: db.db, storage, processor: workerPool, artwork, tmpDir: path.join(config.dataDir, "tmp", "uploads") });
  const uploads = createUploadService({ db, config, log });
  const designJobs = createDesignJobService({ db: db.db, storage, processor: artworkProcessor, shop: config.shop, publicUrl: config.publicUrl, sender: emailSender, tmpDir: path.join(config.dataDir, "tmp", "uploads") });
  registerUploadPurposes(uploads, { artwork, designJobs, designs, uploadMaxBytes: config.uploadMaxBytes });
  const quotes = createQuoteService({ db: db.db, catalogue, storage, shop: config.shop, publicUrl: config.publicUrl, sender: emailSender });
  const testPayments = overrides.paymentProvider || config.stripe ? null : createTestPaymentProvider(db.db);
  const provider: PaymentProvider =
    overrides.paymentProvider ??
    testPayments ??
    createStripeProvider({ secretKey: config.stripe!.secretKey, webhookSecret: config.stripe!.webhookSecret, apiBaseUrl: config.stripe!.apiUrl });
  return {
    db,
    shop: config.shop,
    config,
    catalogue,
    catalogueChanges,
    prices: createPriceService({ db: db.db, changes: catalogueChanges }),
    promotionAdmin: createPromotionAdmin(db.db),
    categoryAdmin: createCategoryAdmin({ db: db.db, changes: catalogueChanges, storage }),
    productAdmin: createProductAdmin({ db: db.db, changes: catalogueChanges, storage }),
    team: createTeam({ accounts }),
    accounts,
    promos,
    contact: createContactService({ db: db.db, shop: config.shop, sender: emailSender }),
    addressLookup: createAddressLookup(config.addressLookup),
    checkout: createCheckoutService({
      db: db.db,
      provider,
      catalogue,
      promos,
      accounts,
      quotes,
      shop: config.shop,
      publicUrl: config.publicUrl,
      sender: emailSender,
      log,
      afterOrder: async (orderGroupId) => {
        await artwork.reuseApprovedArtwork(orderGroupId);
        await designs.applyCheckoutDesigns(orderGroupId);
      },
      designs,
    }),
    testPayments,
    orders,
    storage,
    artworkProcessor,
    artwork,
    designs,
    invoices: createInvoiceService({ storage, shop: config.shop }),
    ordersDesk: createOrdersDesk(db.db),
    customers: createCustomerDirectory(db.db),
    production: createProductionService({ db: db.db, orders, storage, shop: config.shop, publicUrl: config.publicUrl, sender: emailSender }),
    emailSender,
    quotes,
    tradeAccounts: createTradeAccountService({ db: db.db, shop: config.shop }),
    refunds: createRefundService({ db: db.db, provider, orders, storage, shop: config.shop, publicUrl: config.publicUrl, sender: emailSender, log }),
    reprints: createReprintService({ db: db.db, shop: config.shop, publicUrl: config.publicUrl, sender: emailSender, reuseApprovedArtwork: (id) => artwork.reuseApprovedArtwork(id) }),
    redesigns: createRedesignService({ db: db.db, provider, shop: config.shop, publicUrl: config.publicUrl, sender: emailSender }),
    designJobs,
    uploads,
  };
}
