// ESLint's recommended rules over the web pages' modules (plain ES modules run by browsers).
import js from "@eslint/js";
import globals from "globals";

export default [
  { files: ["service/http/web/static/*.js"], ...js.configs.recommended },
  {
    files: ["service/http/web/static/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.browser },
  },
];
