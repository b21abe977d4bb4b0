import { likePattern } from '../http/params.ts';

/** Lower-cased text of `fields` joined by a separator no typed keyword holds, so that one LIKE reads them all. */
export const searchText = (...fields: string[]) => `lower(concat_ws(E'\\x1f', ${fields.join(', ')}))`;

/** Client `u` as a keyword search reads it: "name last name", e-mail and, if asked, document id. */
export const clientSearchText = (u: string, withDocument = false) =>
  searchText(`${u}.name || ' ' || ${u}.last_name`, `${u}.email`, ...(withDocument ? [`${u}.document_id`] : []));

/** `text LIKE` the user's keyword as a lower-cased, wildcard-escaped pattern pushed onto `params`. */
export const matchesKeyword = (text: string, keyword: string, params: unknown[]) =>
  `${text} LIKE lower($${params.push(likePattern(keyword))})`;
