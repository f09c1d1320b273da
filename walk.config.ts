import base from "./playwright.config";
export default { ...base, testDir: "./tests/walk" };
