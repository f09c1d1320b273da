import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", "node_modules/", ".react-router/", "data/", "test-results/", "playwright-report/", "bench/results/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
  },
  {
    languageOptions: {
      globals: { console: "readonly", process: "readonly", window: "readonly", document: "readonly", fetch: "readonly", URL: "readonly", Buffer: "readonly", setTimeout: "readonly", clearTimeout: "readonly", setInterval: "readonly", clearInterval: "readonly", crypto: "readonly" },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },

  // Layers: domain/ knows nothing of the shop around it; services, integrations, documents and artwork
  // never reach up into the HTTP routes; production code never imports test helpers; the React app
  // takes only types from the server.
  {
    files: ["domain/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/server/**", "**/app/**", "**/db/**", "**/tests/**"], message: "domain/ is the bottom layer: it imports nothing of the shop." }] },
      ],
    },
  },
  {
    files: ["server/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: [{ group: ["**/tests/**"], message: "Production code never imports test helpers." }] }],
    },
  },
  {
    files: ["server/services/**/*.ts", "server/integrations/**/*.ts", "server/documents/**/*.ts", "server/artwork/**/*.ts", "db/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/api/**", "**/plugins/**", "**/front-door/**", "**/app", "**/ssr"], message: "A lower layer may not import the HTTP layer: return a typed outcome and let the route map it." },
            { group: ["**/tests/**"], message: "Production code never imports test helpers." },
          ],
        },
      ],
    },
  },
  {
    files: ["app/**/*.ts", "app/**/*.tsx"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/server/**"], allowTypeImports: true, message: "The React app takes only types from the server; data comes through the load context or the API." },
            { group: ["**/db/**", "**/tests/**"], message: "The React app never imports the database or test helpers." },
          ],
        },
      ],
      // A JSON call of the API goes through api() in app/lib/api-client.ts, typed by the server's contract.
      "no-restricted-syntax": [
        "error",
        { selector: "CallExpression[callee.name='fetch'][arguments.0.value=/^\\/api\\//]", message: "Call the API with api() from app/lib/api-client.ts: its answer is typed by the route's schema." },
        { selector: "CallExpression[callee.name='fetch'][arguments.0.quasis.0.value.raw=/^\\/api\\//]", message: "Call the API with api() from app/lib/api-client.ts: its answer is typed by the route's schema." },
      ],
    },
  },
);
