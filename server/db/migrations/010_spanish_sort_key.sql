-- Names and room numbers sorted as a Spanish reader expects, on PostgreSQL and on PGlite alike: PGlite's ICU has no
-- locale data ("es-x-icu" does not exist, an ICU collation for "es" sorts as the root locale, numeric ordering is
-- ignored) and a database in the C locale sorts "Óscar" after "Z". So the order is a key computed by one SQL function,
-- as the browser's tables sort (Intl.Collator('es', { numeric: true, sensitivity: 'base' })):
--   - case and accents folded (Á = a, ü = u, ç = c), ñ a letter of its own after n ("Nz" < "Ñandú" < "O");
--   - every run of digits compared by its value ("Hab 908" before "Hab 1301"), up to 20 digits.
-- The key is bytea so that it compares byte by byte whatever the database's collation.
CREATE FUNCTION sort_key_es(value text) RETURNS bytea
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN convert_to(
  regexp_replace(
    regexp_replace(
      lower(translate(replace(replace(value, 'ñ', 'n~'), 'Ñ', 'n~'),
        'ÁÀÂÄÃÅáàâäãåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕóòôöõÚÙÛÜúùûüÇçÝýÿ',
        'aaaaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuuccyyy')),
      '([0-9]+)', '00000000000000000000\1', 'g'),
    '[0-9]*([0-9]{20})', '\1', 'g'),
  'UTF8');

-- The client list's default order (name, last name, id), by the key: replaces the index on the raw columns.
DROP INDEX clients_name_order_idx;
CREATE INDEX clients_name_order_idx ON clients (sort_key_es(name), sort_key_es(last_name), id);
