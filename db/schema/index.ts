export * from "./accounts";
export * from "./catalogue";
export * from "./email";
export * from "./meta";
export * from "./orders";
export * from "./promotions";
