import { texts } from '../texts.ts';

/** Characters a sheet name holds at most (Excel's limit). */
export const sheetNameLength = 31;

// Characters Excel refuses in a sheet name.
const forbidden = /[\\/?*[\]:]/g;
// Words a cut name does not end on: it would read as unfinished.
const danglingWords = new Set(['a', 'al', 'con', 'de', 'del', 'e', 'el', 'en', 'la', 'las', 'lo', 'los', 'o', 'para', 'por', 'sin', 'u', 'un', 'una', 'y', 'vs', 'vs.']);

const words = (text: string) => text.toLocaleLowerCase('es').split(/\s+/).filter(Boolean);

/** `inner`'s words appear, in order and together, among `outer`'s. */
function holdsWords(outer: string[], inner: string[]): boolean {
  for (let start = 0; start + inner.length <= outer.length; start += 1) {
    if (inner.every((word, i) => outer[start + i] === word)) return true;
  }
  return false;
}

/** The parts of a "Reporte - Pestaña - Tabla" title, each once: a part another part already says is left out. */
function distinctParts(title: string): string[] {
  const parts = title.split(/\s+[-–—]\s+/).map((part) => part.trim()).filter(Boolean);
  const kept: string[] = [];
  for (const part of parts) {
    const partWords = words(part);
    if (kept.some((other) => holdsWords(words(other), partWords))) continue;
    // A later part that says more than an earlier one replaces it ("Propinas - Propinas por empleado").
    const said = kept.findIndex((other) => holdsWords(partWords, words(other)));
    if (said >= 0) kept.splice(said, 1);
    kept.push(part);
  }
  return kept;
}

/** A "Reporte - Pestaña - Tabla" title with each part once, as a page header prints it. */
export const distinctTitle = (title: string): string => distinctParts(title.replace(/\s+/g, ' ').trim()).join(' - ') || title;

/** `name` cut to the sheet's length at the end of a word, never on a separator or a word that leaves it unfinished. */
function cutAtWord(name: string): string {
  if (name.length <= sheetNameLength) return name;
  const tokens = name.slice(0, sheetNameLength + 1).split(/\s+/);
  // The last token was cut mid-word unless the character after it is a space.
  tokens.pop();
  while (tokens.length > 0 && (/^[-–—,;.]*$/.test(tokens.at(-1)!) || danglingWords.has(tokens.at(-1)!.toLocaleLowerCase('es')))) tokens.pop();
  const cut = tokens.join(' ').replace(/[\s,;:.-]+$/, '');
  // One word longer than the limit: cut inside it.
  return cut === '' ? name.slice(0, sheetNameLength).trim() : cut;
}

/**
 * A title as a sheet name Excel accepts: none of \ / ? * [ ] :, no quote at either end, at most 31 characters cut at
 * the end of a word, no part of a "Reporte - Pestaña - Tabla" title twice, never "Filtros" (the other sheet).
 */
export function sheetName(title: string): string {
  const cleaned = title.replace(forbidden, ' ').replace(/\s+/g, ' ').trim();
  const name = cutAtWord(distinctParts(cleaned).join(' - ')).replace(/^'+|'+$/g, '').trim();
  return name === '' || name.toLowerCase() === texts.export.filtersSheet.toLowerCase() ? texts.export.report : name;
}
