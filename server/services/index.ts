import type { DbHandle } from "../../db/client";
import type { Config, ShopDetails } from "../config";
import { createTransport, type MailTransport } from "../integrations/email/transport";
import { createAccountService, type AccountService } from "./account-service";
import { createCatalogueService, type CatalogueService } from "./catalogue-service";
import { createContactService, type ContactService } from "./contact-service";
import { createEmailSender, type EmailSender, type SenderLog } from "./email-outbox";
import { createPromoService, type PromoService } from "./promo-service";

export type Services = {
  db: DbHandle;
  shop: ShopDetails;
  catalogue: CatalogueService;
  accounts: AccountService;
  promos: PromoService;
  contact: ContactService;
  emailSender: EmailSender;
};

export type ServiceOverrides = {
  /** Tests pass a fake; otherwise SMTP or .eml files as configured. */
  mailTransport?: MailTransport;
  log?: SenderLog;
};

export function createServices(db: DbHandle, config: Config, overrides: ServiceOverrides = {}): Services {
  const emailSender = createEmailSender({
    db: db.db,
    transport: overrides.mailTransport ?? createTransport(config),
    from: { name: config.shop.name, address: config.shop.email },
    log: overrides.log ?? console,
  });
  return {
    db,
    shop: config.shop,
    catalogue: createCatalogueService(db.db),
    accounts: createAccountService({ db: db.db, shop: config.shop, publicUrl: config.publicUrl, sender: emailSender }),
    promos: createPromoService(db.db),
    contact: createContactService({ db: db.db, shop: config.shop, sender: emailSender }),
    emailSender,
  };
}
