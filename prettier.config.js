// The server side's style, as written today (backend/, seeds/, migrations/, scripts/, tests/):
// single quotes, no semicolons, no trailing commas. frontend/ has its own prettier.config.js.
// Of the widths tried (120 to 240), 200 changes the fewest lines (2,386 of 30,484).
export default {
  semi: false,
  singleQuote: true,
  trailingComma: 'none',
  printWidth: 200
}
