/**
 * Keyword search ignores case and accents, the same on PGlite and any PostgreSQL server, with no
 * extension (`unaccent` may be missing on a customer's server) and no locale (`lower` leaves accented
 * capitals alone under the C locale): the keyword becomes a regular expression in which each letter
 * is the class of its spellings (`garcia` → `[gG][aAáÁ…][rR][cCçÇ][iIíÍ…][aAáÁ…]`), matched
 * case-sensitively against the stored text. Folding every row's text instead (`translate(lower(…))`)
 * was 14 times slower on PGlite. A substring match reads every row whatever the index, so none is added.
 */

const accented = 'ÁÀÂÄÃÅáàâäãåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕóòôöõÚÙÛÜúùûüÑñÇçÝýÿ';

/** A letter without accent, in lower case. */
const fold = (c: string) => c.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Each plain letter with its accented spellings, both cases. */
const spellings = new Map<string, string>();
for (const c of accented) spellings.set(fold(c), (spellings.get(fold(c)) ?? '') + c);

/** One character of the keyword as a regular expression matching every spelling of it. */
function charPattern(c: string): string {
  if (/^[\x00-\x7f]$/.test(c) && !/[A-Za-z0-9]/.test(c)) return `\\${c}`;
  const base = fold(c);
  const variants = new Set([c, c.toLowerCase(), c.toUpperCase(), base, base.toUpperCase(), ...(spellings.get(base) ?? '')]);
  const single = [...variants].filter((v) => [...v].length === 1);
  return single.length === 1 ? single[0]! : `[${single.join('')}]`;
}

/** The user's keyword as a regular expression that finds it ignoring case and accents; every other character literal. */
export function keywordRegex(keyword: string): string {
  return [...keyword.normalize('NFC')].map(charPattern).join('');
}

/** Text of `fields` joined by a separator no typed keyword holds, so that one match reads them all. */
export const searchText = (...fields: string[]) => `concat_ws(E'\\x1f', ${fields.join(', ')})`;

/** Client `u` as a keyword search reads it: "name last name", e-mail and, if asked, document id. */
export const clientSearchText = (u: string, withDocument = false) =>
  searchText(`${u}.name || ' ' || ${u}.last_name`, `${u}.email`, ...(withDocument ? [`${u}.document_id`] : []));

/** The keyword's regular expression pushed onto `params`; match it with `text ~ pattern`. */
export const keywordPattern = (keyword: string, params: unknown[]) => `$${params.push(keywordRegex(keyword))}::text`;

/** `text` holds the user's keyword, ignoring case and accents. */
export const matchesKeyword = (text: string, keyword: string, params: unknown[]) =>
  `${text} ~ ${keywordPattern(keyword, params)}`;
