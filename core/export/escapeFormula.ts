/** Characters that make a spreadsheet read a text cell as a formula (OWASP CSV injection list). */
const formulaStarts = new Set(['=', '+', '-', '@', '\t', '\r']);

/** Prefixes a single quote to text a spreadsheet would run as a formula; other text is returned as is. */
export function escapeFormula(text: string): string {
  return formulaStarts.has(text.charAt(0)) ? `'${text}` : text;
}
