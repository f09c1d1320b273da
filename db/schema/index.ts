export * from "./catalogue";
export * from "./meta";
export * from "./promotions";
