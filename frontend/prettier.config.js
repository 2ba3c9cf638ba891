// The browser code's own style, as written today: double quotes, semicolons, trailing commas.
// Of the widths tried (120 to 240), 160 changes the fewest lines (769 of 10,253).
export default {
  semi: true,
  singleQuote: false,
  trailingComma: "all",
  printWidth: 160,
};
