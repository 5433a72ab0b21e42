import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** An import of another tier, refused with the reason (the whole map: .dependency-cruiser.cjs). */
const walls = (patterns) => ({ "no-restricted-imports": ["error", { patterns }] });
const tier = (group, message) => ({ group, message });

export default tseslint.config(
  { ignores: ["build/", "bench/bare/build/", "data/", "tests/.tmp/", "public/", ".tools/", "node_modules/"] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports", disallowTypeAnnotations: false }],
      "no-console": ["error", { allow: ["error", "warn"] }],
    },
  },
  {
    files: ["app/**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    // The classic rules: the React Compiler's own (refs read in render, state set in effects)
    // judge code by a compiler we do not run (decision 040).
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  {
    files: ["app/**"],
    rules: walls([
      tier(["**/api/**", "#api/*"], "The web app talks to the API over HTTP only (app/utils/api.server.ts)."),
      tier(["**/server/**", "#server/*"], "The app knows the Express server only by its load context (app/env.d.ts)."),
    ]),
  },
  {
    files: ["api/**"],
    rules: walls([
      tier(["**/app/**", "#app/*"], "The API never imports the web app."),
      // A package's own "server" entry (@simplewebauthn/server/helpers) is not ours.
      tier(["**/server/**", "!@simplewebauthn/server/**", "#server/*", "**/server.ts"], "The API never imports the web server."),
    ]),
  },
  {
    files: ["contract/**"],
    rules: walls([
      tier(
        ["**/app/**", "**/api/**", "**/lib/**", "**/server/**", "#app/*", "#api/*", "#lib/*", "#server/*"],
        "contract/ imports no tier: the browser reads it too.",
      ),
    ]),
  },
  {
    files: ["lib/**"],
    rules: walls([
      tier(["**/app/**", "**/api/**", "**/server/**", "#app/*", "#api/*", "#server/*"], "lib/ serves both servers and imports neither."),
    ]),
  },
  {
    files: ["server/**", "server.ts"],
    rules: walls([tier(["**/app/**", "#app/*"], "The server reaches the app through its build (server/app-build.ts).")]),
  },
  {
    // Tests, benchmarks and the operator command print, and read untyped JSON.
    files: ["tests/**", "scripts/**", "bench/**", "api/src/cli/**"],
    rules: { "no-console": "off", "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // Playwright reads a test's fixtures from its first parameter's pattern, even an empty one.
    files: ["tests/e2e/**"],
    rules: { "no-empty-pattern": "off" },
  },
  prettier,
);
