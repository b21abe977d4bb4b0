/** Text as a keyword search compares it, computed apart from the server's SQL: lower case, accents dropped. */
export const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Whether any of `fields` holds `keyword`, ignoring case and accents. */
export const holdsKeyword = (fields: ReadonlyArray<string | null | undefined>, keyword: string) =>
  fields.some((field) => field != null && fold(field).includes(fold(keyword.trim())));

/** One word spelt as users type it: without accents in lower case, in capitals with accents, and as written. */
export const spellings = (word: string) => [fold(word), word.toLocaleUpperCase('es'), word];

/** The first word of `texts` that carries an accent (ñ included), to search in its other spellings. */
export function accentedWord(texts: ReadonlyArray<string | null | undefined>): string | undefined {
  for (const text of texts) {
    const word = text?.split(/[\s@.]+/).find((w) => fold(w) !== w.toLowerCase());
    if (word) return word;
  }
  return undefined;
}
