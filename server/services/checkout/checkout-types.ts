// The checkout service's shapes (server/services/checkout-service.ts): what a checkout is started from,
// a checkout once prepared, what the service answers, offers and needs.
import type { Db } from "../../../db/client";
import type { BlindShipping } from "../../../db/schema";
import type { SavedAddress } from "../../../domain/address";
import type { CheckoutLine, CheckoutLineRequest } from "../../../domain/checkout";
import type { OrderTotals } from "../../../domain/totals";
import type { ShopDetails } from "../../config";
import type { PaymentProvider, ProviderSession } from "../../integrations/payments/payment-provider";
import type { AccountService } from "../account-service";
import type { CatalogueService } from "../catalogue-service";
import type { DesignService } from "../design-service";
import type { EmailSender } from "../email-outbox";
import type { Outcome } from "../outcome";
import type { PromoService, ValidPromo } from "../promo-service";

export type StartCheckoutInput = {
  userId: number;
  /** The client's figure in pounds (the spec's `Total`): compared, never charged. */
  clientTotalPounds: number;
  lines: CheckoutLineRequest[];
  promoCode?: string | null | undefined;
  billing?: SavedAddress | null | undefined;
  delivery?: SavedAddress | null | undefined;
  blindShipping?: BlindShipping | null | undefined;
  /** Already checked at the edge (purchaseOrderSchema). */
  poNumber?: string | null | undefined;
  /** Order a quote of this customer: its lines at its figures, while it is valid (`lines` is then not read). */
  quoteId?: number | null | undefined;
};

export type Prepared = {
  ok: true;
  contact: { email: string };
  billing: SavedAddress;
  delivery: SavedAddress;
  lines: CheckoutLine[];
  promo: ValidPromo | null;
  totals: OrderTotals;
};

/** A quote's lines as a checkout takes them (the quote service decides validity and delivery dates). */
export type QuoteLinesSource = {
  checkoutLines(userId: number, quoteId: number, now: Date): Promise<Outcome<{ lines: CheckoutLine[] }>>;
};

export type StartCheckoutResult = Outcome<{ url: string; checkoutId: string; totalPence: number }, { serverTotalPence?: number }>;

/**
 * `not-found`: no such checkout (for this owner), or the processor knows no such session; `conflict`: not
 * paid yet, or paid with money that does not match what was stored (logged for staff): no order either way.
 */
export type FulfilResult = Outcome<{ orderGroupId: number; created: boolean }>;

export type CheckoutService = {
  start(input: StartCheckoutInput, now?: Date): Promise<StartCheckoutResult>;
  /** A trade customer's order on account: credit checked and the order made in one transaction, no card. */
  placeOnAccount(input: StartCheckoutInput, now?: Date): Promise<Outcome<{ orderGroupId: number; totalPence: number }, { serverTotalPence?: number }>>;
  /** Creates the order for a paid provider session (once). Safe to call concurrently any number of times. */
  fulfilSession(providerSessionId: string, known?: ProviderSession): Promise<FulfilResult>;
  /** The same, by our checkout id (the client reference), for its owner only. */
  fulfilForOwner(userId: number, checkoutId: string): Promise<FulfilResult>;
  /** A customer (by account or email) with a paid order is not new (docs/decisions/008-promotions.md). */
  isReturningCustomer(userId: number): Promise<boolean>;
  /** The provider session behind a checkout of this customer, or null. */
  sessionForOwner(userId: number, providerSessionId: string): Promise<ProviderSession | null>;
  readonly provider: PaymentProvider;
};

export type CheckoutServiceDeps = {
  db: Db;
  provider: PaymentProvider & { expireSession?: (id: string) => Promise<void> };
  catalogue: CatalogueService;
  promos: PromoService;
  accounts: AccountService;
  quotes: QuoteLinesSource;
  shop: ShopDetails;
  publicUrl: string;
  sender: Pick<EmailSender, "kick">;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** Runs after an order exists (every time fulfil answers it): reorders' artwork is copied here, once. */
  afterOrder?: (orderGroupId: number) => Promise<void>;
  /** Designs from the online editor named by basket lines (copied into the checkout as they are now). */
  designs?: Pick<DesignService, "snapshotForLine">;
};
