/**
 * A text column as a Spanish reader sorts it: case and accents folded, ñ after n, numbers by value ("Hab 908" before
 * "Hab 1301"), on PostgreSQL and PGlite alike. The order lives in one SQL function, sort_key_es (migration 010).
 */
export const sortKey = (expr: string) => `sort_key_es(${expr})`;
