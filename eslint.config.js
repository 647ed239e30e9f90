// ESLint for the whole repository: TypeScript's recommended rules, React's rules of hooks,
// no unused code, and the app's layers (docs/architecture.md), each a folder of app/ that
// may import only from the layers below it, without circles.
import js from "@eslint/js";
import boundaries from "eslint-plugin-boundaries";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// Top to bottom. A layer imports from itself and the layers after it, never before.
const LAYERS = [
  { type: "entry", pattern: ["app/root.tsx", "app/entry.server.tsx", "app/entry.client.tsx", "app/routes/**", "app/seed/**"] },
  { type: "components", pattern: ["app/components/**", "app/hooks/**"] },
  { type: "request", pattern: ["app/auth/**", "app/http/**", "app/document/**", "app/i18n/**"] },
  { type: "models", pattern: ["app/models/**"] },
  { type: "services", pattern: ["app/services/**"] },
  { type: "db", pattern: ["app/db/**"] },
  { type: "config", pattern: ["app/config/**"] },
  { type: "utils", pattern: ["app/utils/**", "app/paths.ts", "app/types/**"] },
];
const below = (index) => LAYERS.slice(index).map((layer) => layer.type);
const LAYER_ORDER = "routes -> components -> auth, http, document, i18n -> models -> services -> db -> config -> utils";

export default tseslint.config(
  {
    ignores: ["build/**", "node_modules/**", "data/**", "test-results/**", "playwright-report/**", ".cache/**"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true }],
      // The site refuses control characters in what people send (docs/decisions/034 and
      // 041): matching them is the point of those expressions.
      "no-control-regex": "off",
    },
  },
  {
    // Playwright's fixtures hand their value to `use`, and the tests' helpers are not
    // React: the rules of hooks read both as hooks.
    files: ["tests/**", "scripts/**", "server/**"],
    rules: { "react-hooks/rules-of-hooks": "off", "no-empty-pattern": "off" },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { boundaries, "import-x": importX },
    settings: {
      "import/resolver": { typescript: { project: "./tsconfig.json" } },
      "import-x/resolver": { typescript: { project: "./tsconfig.json" } },
      "boundaries/elements": LAYERS.map(({ type, pattern }) => ({ type, pattern, mode: "full" })),
      "boundaries/include": ["app/**/*"],
    },
    rules: {
      "boundaries/element-types": [
        "error",
        {
          default: "disallow",
          message: `\${file.type} may not import \${dependency.type} (\${dependency.source}): the layers run ${LAYER_ORDER}, and a layer imports only from itself and those after it (docs/architecture.md)`,
          rules: LAYERS.map((layer, index) => ({ from: layer.type, allow: below(index) })),
        },
      ],
      "import-x/no-cycle": "error",
    },
  },
);
