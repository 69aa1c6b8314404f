// ESLint (flat config): typescript-eslint's recommended rules over every TypeScript source, plus
// the few this codebase relies on. Layering (which folder may import which) is checked by a test,
// not here, so the rule and its reasons live next to the architecture it protects.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["out/**", "dist/**", "node_modules/**", ".vscode-test/**", "test-results/**", "**/*.js", "**/*.mjs"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.ts"],
    rules: {
      // Unused names are mistakes; a leading underscore marks one kept on purpose (a handler's signature).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      eqeqeq: ["error", "always"],
      "prefer-const": "error",
      "no-console": ["error", { allow: ["error", "warn"] }],
    },
  },
  {
    // Tests and scripts print their reports and figures; the CLI's output columns are two spaces apart.
    files: ["test/**/*.ts", "scripts/**/*.ts", "cli/**/*.ts"],
    rules: { "no-console": "off", "no-regex-spaces": "off" },
  },
);
