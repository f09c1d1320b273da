export * from "./accounts";
export * from "./back-office";
export * from "./catalogue";
export * from "./email";
export * from "./meta";
export * from "./orders";
export * from "./promotions";
export * from "./rate-limits";
