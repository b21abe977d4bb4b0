/**
 * A text column as a Spanish reader sorts it: case and accents folded, ñ after n, numbers by value ("Hab 908" before
 * "Hab 1301"), on PostgreSQL and PGlite alike. The order lives in one SQL function, sort_key_es (migration 010).
 */
export const sortKey = (expr: string) => `sort_key_es(${expr})`;

/** A room's name in that order, from the key kept beside it (migration 015): `places` alias `p`. */
export const placeNameKey = (p: string) => `${p}.name_key`;
