import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import type { RegisteredRoute } from '../../server/app.ts';

/** A request the fuzz suite sends, with the texts it carries (an answer may quote them back). */
export interface HostileRequest {
  options: InjectOptions & { method: string; url: string };
  /** The bearer token it carries: the signed-in employee's, none, or one that is not a token. */
  auth: Auth;
  /** Every text the request carries, decoded: what a message may echo inside «». */
  echoable: string[];
  /** The texts a handler may read: path and query, and the body unless GET or HEAD (fastify does not parse those). */
  readable: string[];
  label: string;
}

/** The keys a zod schema names, through the wrappers zod puts around an object (refine, pipe, optional). */
export function schemaKeys(schema: unknown, depth = 0): string[] {
  if (!schema || typeof schema !== 'object' || depth > 8) return [];
  const s = schema as { shape?: Record<string, unknown>; def?: Record<string, unknown> };
  if (s.shape && typeof s.shape === 'object') return Object.keys(s.shape);
  const def = s.def ?? {};
  return [def.in, def.innerType, def.schema, def.left, def.right, ...((def.options as unknown[]) ?? [])].flatMap((inner) =>
    schemaKeys(inner, depth + 1),
  );
}

const controlChars = [...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)), '\u007f'];

/** Texts attackers and broken clients send, by family. */
const dictionary = {
  numbers: ['-1', '0', '-0', '1.5', '1e309', '-1e309', 'NaN', 'Infinity', '-Infinity', '0x10', '1_000', ' 1', '1 ', '+1',
    '2147483648', '-2147483649', '9007199254740993', '9'.repeat(400), '1e-400', '00000000001', '١٢٣'],
  dates: ['2023-02-30', '2024-02-29', '99999-01-01', '', '0000-00-00', '2024-13-01', '2024-00-10', '1969-12-31',
    '9999-12-31', '0001-01-01', '2024-01-01T25:00:00Z', '2024-1-1', '01/02/2024', '2024-01-01,2023-01-01',
    '2024-01-01,2024-01-02,2024-01-03', 'today', '1700000000000'],
  prototype: ['__proto__', 'constructor', 'prototype', '__proto__[polluted]', 'constructor[prototype][polluted]', 'toString',
    'hasOwnProperty', 'valueOf', '__defineGetter__'],
  traversal: ['../../etc/passwd', '..\\..\\windows\\win.ini', '/etc/passwd', '....//....//etc/passwd', '%2e%2e%2f', '..;/',
    'file:///etc/passwd', '\\\\server\\share'],
  injection: ["' OR 1=1 --", '1;DROP TABLE bookings', '1) UNION SELECT password_hash FROM employees --', '%', '_', '\\',
    '$1', '{"$gt":""}', '<script>alert(1)</script>', '${7*7}', '{{7*7}}', "'; SELECT pg_sleep(5); --"],
  types: ['true', 'false', 'null', 'undefined', '[]', '{}', '[1,2]', '{"a":1}', 'asc', 'desc', 'name|asc', 'x|sideways',
    '{"field":"name","direction":"up"}', '[{"field":"__proto__"}]', 'lg', 'md', 'general', 'confirmed', 'ABC-123', '1'],
  unicode: ['\ufeff', '\u202e', '\u200b', '\ud83d\ude00', '\u{10ffff}', 'ﬀ', 'İ', 'Ⅻ', 'a\u0301', '\u2028'],
};

/** Percent-encodings no decoder should accept: broken UTF-8, overlong forms, lone surrogates, bare `%`. */
const brokenEncodings = ['%C3%28', '%FF', '%FE%FF', '%E0%80%80', '%C0%AF', '%ED%A0%80', '%F4%90%80%80', '%', '%zz', '%%', '%2', '%u0041'];

const overlong = fc.constantFrom(101, 201, 255, 1001, 5000, 20_000).map((n) => 'x'.repeat(n));

const withControl = fc
  .tuple(fc.string({ maxLength: 6 }), fc.oneof(fc.constant('\u0000'), fc.constantFrom(...controlChars)), fc.string({ maxLength: 6 }))
  .map(([a, c, b]) => a + c + b);

/** A decoded text value. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...Object.values(dictionary).flat()), weight: 6 },
  { arbitrary: withControl, weight: 4 },
  { arbitrary: overlong, weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 24 }), weight: 2 },
  { arbitrary: fc.double().map(String), weight: 1 },
  { arbitrary: fc.bigInt().map(String), weight: 1 },
  {
    arbitrary: fc
      .tuple(fc.integer({ min: -1, max: 99_999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
      .map(([y, m, d]) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`),
    weight: 2,
  },
);

/** A route's path in pieces: its fixed segments, which a spelling may rewrite, and its parameters' values as sent. */
export type PathPieces = Array<{ wire: string; fixed: boolean }>;

const hex = (c: string) => [...Buffer.from(c, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');

function joinPieces(pieces: PathPieces, each: (segment: string, index: number) => string = (s) => s, separator = '/', lead = separator) {
  return lead + pieces.map((p, i) => (p.fixed ? each(p.wire, i) : p.wire)).join(separator);
}

/**
 * The spellings of a route's path an attacker tries: those a router still reads as the route while the raw URL looks
 * like something else (encoded, absolute form), and those that only look close to it (case, slashes, dot segments).
 */
export const pathSpellings = {
  'as registered': (p: PathPieces) => joinPieces(p),
  'upper-cased': (p: PathPieces) => joinPieces(p, (s) => s.toUpperCase()),
  'first segment upper-cased': (p: PathPieces) => joinPieces(p, (s, i) => (i === 0 ? s.toUpperCase() : s)),
  'first letters encoded (%61pi)': (p: PathPieces) => joinPieces(p, (s) => (s ? hex(s[0]!) + s.slice(1) : s)),
  'fully encoded segments': (p: PathPieces) => joinPieces(p, (s) => [...s].map(hex).join('')),
  'lower-case hex encoding': (p: PathPieces) => joinPieces(p, (s) => [...s].map(hex).join('').toLowerCase()),
  'encoded slashes': (p: PathPieces) => joinPieces(p, undefined, '%2F', '/'),
  'double slashes': (p: PathPieces) => joinPieces(p, undefined, '//'),
  'leading double slash': (p: PathPieces) => `/${joinPieces(p)}`,
  'trailing slash': (p: PathPieces) => `${joinPieces(p)}/`,
  'dot segments': (p: PathPieces) => `/x/..${joinPieces(p.slice(0, -1))}/.${joinPieces(p.slice(-1))}`,
} satisfies Record<string, (pieces: PathPieces) => string>;

export type PathSpelling = keyof typeof pathSpellings;

/** Spellings the router reads as the route itself (it decodes escapes, and takes an absolute-form target's path). */
export const spellingsReachingRoute: ReadonlySet<string> = new Set(['as registered', 'first letters encoded (%61pi)', 'fully encoded segments', 'lower-case hex encoding']);

/** UTF-8 bytes percent-encoded (lone surrogates become U+FFFD, as a browser sends them). */
export const encode = (text: string) =>
  [...Buffer.from(text, 'utf8')].map((b) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`)).join('');

/** A query or path piece as sent: mostly encoded text, sometimes an encoding no decoder accepts, sometimes raw. */
const wireText = fc.oneof(
  { arbitrary: hostileText.map((text) => ({ wire: encode(text), text })), weight: 6 },
  { arbitrary: fc.constantFrom(...brokenEncodings).map((wire) => ({ wire, text: wire })), weight: 2 },
  { arbitrary: fc.constantFrom(...dictionary.traversal, '%2e%2e%2f%2e%2e%2fetc%2fpasswd', '..%2F..%2F').map((wire) => ({ wire, text: wire })), weight: 1 },
);

const keyFor = (known: string[]) =>
  fc.oneof(
    { arbitrary: known.length ? fc.constantFrom(...known) : fc.constant('search'), weight: 5 },
    { arbitrary: fc.constantFrom(...dictionary.prototype), weight: 2 },
    { arbitrary: hostileText, weight: 1 },
  );

const queryPairs = (known: string[]) =>
  fc.array(
    fc.tuple(keyFor(known), fc.constantFrom('', '[]', '[0]', '.x'), wireText).map(([key, suffix, value]) => ({
      wire: `${encode(key)}${suffix}=${value.wire}`,
      texts: [key, value.text],
    })),
    { maxLength: 6, size: 'xsmall' },
  );

/** One known parameter with one hostile value, the rest left out: reaches the code behind validation. */
const focusedPair = (known: string[]) =>
  fc
    .tuple(
      fc.oneof({ arbitrary: known.length ? fc.constantFrom(...known) : fc.constant('search'), weight: 6 }, fc.constantFrom(...dictionary.prototype)),
      wireText,
    )
    .map(([key, value]) => ({ wire: `${encode(key)}=${value.wire}`, texts: [key, value.text] }));

/** Thousands of one short key: `?status=a&status=a…`. */
const hugeList = (known: string[]) =>
  fc
    .tuple(
      fc.constantFrom(...known, ...dictionary.prototype),
      fc.integer({ min: 501, max: 5000 }),
      fc.constantFrom('a', '1', '2024-01-01', ''),
    )
    .map(([key, n, value]) => ({ wire: Array(n).fill(`${encode(key)}=${value}`).join('&'), texts: [key, value] }));

/** A JSON text built by hand, so that `__proto__` stays an own key as an attacker writes it. */
const jsonBody = (known: string[]) => {
  const value: fc.Arbitrary<unknown> = fc.oneof(
    hostileText,
    fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, [], {}, ['a', 'b'], { $gt: '' }, { __proto__: null, polluted: 1 }),
    fc.array(hostileText, { maxLength: 3 }),
    fc.integer(),
  );
  return fc
    .array(fc.tuple(keyFor([...known, 'email', 'password']), value), { maxLength: 5 })
    .map((pairs) => ({
      text: `{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`).join(',')}}`,
      texts: pairs.flatMap(([k, v]) => [k, ...(typeof v === 'string' ? [v] : Array.isArray(v) ? v.map(String) : [])]),
    }));
};

const rawBodies = fc.constantFrom(
  '{', '{"email":', 'null', '[]', '"\\u0000"', '{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{"polluted":1}}}',
  '\ufeff{}', 'NaN', '{"email":"a@b.co","password":"x","email":"b@b.co"}', 'email=a&password=b', '<xml/>', '\u0000',
  '{"email":"' + 'a'.repeat(70_000) + '"}',
);

const contentTypes = fc.constantFrom(
  'application/json', 'application/json; charset=utf-8', 'application/json; charset=latin1', 'text/plain',
  'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/octet-stream',
  'application/vnd.api+json', '*/*', 'json',
);

/** Headers besides the token: encodings the compressor must negotiate, forwarded addresses, odd accepts. */
const extraHeaders = fc.dictionary(
  fc.constantFrom('accept-encoding', 'content-encoding', 'accept', 'x-forwarded-for', 'origin', 'accept-language', 'range'),
  fc.constantFrom('gzip', 'br', 'deflate', 'zstd', 'gzip;q=abc', 'identity;q=0, *;q=0', '*', 'x'.repeat(2000), '', '1.1.1.1, ::1, 999.1.1.1',
    'text/html', 'application/json;q=-1', 'bytes=0-1', 'bytes=999999-', 'es-CO', 'null', '../../etc/passwd'),
  { maxKeys: 3, size: 'xsmall' },
);

const otherMethods = fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD');

export type Auth = 'token' | 'none' | 'garbage';

/** Every hostile variant of one registered route. */
export function hostileRequest(route: RegisteredRoute, token: string): fc.Arbitrary<HostileRequest> {
  const queryKnown = schemaKeys(route.schema?.querystring);
  const bodyKnown = schemaKeys(route.schema?.body);
  const pathPieces = route.url.split('/').slice(1).map((piece) =>
    piece.startsWith(':') || piece === '*'
      ? fc.oneof({ arbitrary: wireText, weight: 3 }, { arbitrary: fc.constantFrom('1', 'ABC-123', 'general', 'lg').map((t) => ({ wire: t, text: t })), weight: 1 })
        .map((p) => ({ ...p, fixed: false }))
      : fc.constant({ wire: piece, text: piece, fixed: true }),
  );
  const spellingNames = Object.keys(pathSpellings) as PathSpelling[];
  const spelling = fc.oneof(
    { arbitrary: fc.constant<PathSpelling>('as registered'), weight: spellingNames.length - 1 },
    { arbitrary: fc.constantFrom(...spellingNames.filter((name) => name !== 'as registered')), weight: spellingNames.length - 1 },
  );
  const body = fc.option(
    fc.oneof(
      { arbitrary: jsonBody(bodyKnown).map((b) => ({ ...b, type: 'application/json' })), weight: 4 },
      { arbitrary: fc.tuple(rawBodies, contentTypes).map(([text, type]) => ({ text, texts: [text], type })), weight: 2 },
      { arbitrary: fc.tuple(jsonBody(bodyKnown), contentTypes).map(([b, type]) => ({ ...b, type })), weight: 1 },
    ),
    { freq: route.method === 'POST' ? 10 : 4 },
  );
  return fc
    .record({
      path: fc.tuple(...pathPieces),
      spelling,
      query: fc.oneof(
        { arbitrary: focusedPair(queryKnown).map((p) => [p]), weight: 6 },
        { arbitrary: queryPairs(queryKnown), weight: 3 },
        { arbitrary: hugeList(queryKnown).map((l) => [l]), weight: 1 },
      ),
      body,
      auth: fc.constantFrom<Auth>('token', 'token', 'token', 'token', 'token', 'token', 'token', 'none', 'garbage'),
      method: fc.oneof({ arbitrary: fc.constant(route.method), weight: 9 }, { arbitrary: otherMethods, weight: 1 }),
      extra: fc.option(extraHeaders, { freq: 4 }),
    })
    .map(({ path, spelling, query, body, auth, method, extra }) => {
      const pairs = query;
      const search = pairs.map((p) => p.wire).join('&');
      const url = pathSpellings[spelling](path) + (search ? `?${search}` : '');
      const headers: Record<string, string> = { ...extra };
      if (auth === 'token') headers.authorization = `Bearer ${token}`;
      if (auth === 'garbage') headers.authorization = 'Bearer a.b.c';
      if (body) headers['content-type'] = body.type;
      const options = { method, url, headers, ...(body && { payload: body.text }) } as HostileRequest['options'];
      const readable = [...path.map((p) => p.text), ...pairs.flatMap((p) => p.texts)];
      const bodyTexts = body?.texts ?? [];
      const echoable = [...readable, ...bodyTexts];
      if (method !== 'GET' && method !== 'HEAD') readable.push(...bodyTexts);
      const label = `${method} ${url.length > 300 ? `${url.slice(0, 300)}…(${url.length})` : url} [${auth}] ${JSON.stringify(extra ?? {}).slice(0, 200)}` +
        (body ? ` ${body.type} ${body.text.slice(0, 200)}` : '');
      return { options, auth, echoable: echoable.map(String), readable: readable.map(String), label: `${label} (${spelling})` };
    });
}
