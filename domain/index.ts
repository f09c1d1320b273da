export * from "./money";
export * from "./pricing";
export * from "./quantity-tiers";
export * from "./totals";
export * from "./uk-bank-holidays";
export * from "./delivery";
