// ESLint for the page scripts (companion/static/*.js): the recommended rules, and
// eslint-plugin-compat checking every API against the browsers in package.json's browserslist
// (the phones a table brings: iOS Safari 15+, Chrome and Firefox for Android, Samsung Internet).
// The scripts are classic scripts sharing a few globals, each defined by one file.
"use strict";

const js = require("@eslint/js");
const globals = require("globals");
const compat = require("eslint-plugin-compat");

module.exports = [
  { ignores: ["companion/static/vendor/**", "node_modules/**", "**/.venv/**", "build/**"] },
  js.configs.recommended,
  compat.configs["flat/recommended"],
  {
    files: ["companion/static/**/*.js"],
    languageOptions: {
      ecmaVersion: 2021,
      sourceType: "script",
      globals: {
        ...globals.browser,
        Companion: "readonly",
        CardPicker: "readonly",
        KingsCourt: "readonly",
        KingsCourtAsk: "readonly",
        KingsCourtCommon: "readonly",
        KingsCourtFacts: "readonly",
        KingsCourtFollow: "readonly",
        KingsCourtPlay: "readonly",
        KingsCourtScore: "readonly",
        KingsCourtSheet: "readonly",
        Kingseat: "readonly",
        KingseatActions: "readonly",
        KingseatBoard: "readonly",
        KingseatCards: "readonly",
        KingseatEnd: "readonly",
        KingseatLoyalty: "readonly",
        KingseatVote: "readonly",
        NoSleep: "readonly",
        Words: "readonly",
      },
    },
    rules: {
      "no-redeclare": ["error", { builtinGlobals: false }],
      "no-unused-vars": ["error", { vars: "local" }],
    },
  },
  {
    files: ["eslint.config.js"],
    languageOptions: { sourceType: "commonjs", globals: { ...globals.node } },
  },
];
