import { LRUCache } from 'lru-cache';
import { isIPv4, isIPv6 } from 'node:net';

/** Sign-in throttle settings (the `LOGIN_*` variables). Delays double from one second up to `maxDelaySeconds`. */
export interface LoginLimits {
  /** Failures of one (e-mail, address) pair before that pair's tries are delayed. */
  perPair: number;
  /** Failures of one e-mail, from any address, after which each of its failing pairs is delayed from its first failure. */
  perEmail: number;
  /** Failures from one address, across e-mails, after which its failing pairs are delayed from their first failure. */
  perIp: number;
  /** Failures from one address after which it counts as attacking: then pairs that never signed in from it wait too. */
  attackPerIp: number;
  /** The longest delay. */
  maxDelaySeconds: number;
  /** A counter with no new failure for this long is forgotten. */
  windowSeconds: number;
}

export const defaultLoginLimits: LoginLimits = {
  perPair: 8,
  perEmail: 50,
  perIp: 100,
  attackPerIp: 1000,
  maxDelaySeconds: 300,
  windowSeconds: 15 * 60,
};

/** How long an (e-mail, address) pair that signed in stays exempt from its address's limits. */
export const knownPairSeconds = 30 * 24 * 3600;

/** The most pairs, e-mails and addresses each store keeps; past it the least recently failed is forgotten. */
export const loginThrottleMaxEntries = 100_000;

const firstDelayMs = 1000;

/**
 * The key an address is counted under: an IPv4 address itself, an IPv6 address its /64 (what one subscriber or
 * machine usually holds, so rotating addresses inside it is no fresh start).
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail] = ip.replace(/%.*$/, '').toLowerCase().split('::');
  const groups = (part: string | undefined) =>
    !part ? [] : part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const all = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${all.slice(0, 4).map((g) => Number.parseInt(g, 16).toString(16)).join(':')}::/64`;
}

interface Failures {
  count: number;
  /** Clock time of the latest failure (or try still being checked). */
  last: number;
}

export type LoginAttempt =
  | { admitted: false; waitMs: number }
  | {
      admitted: true;
      /** The password was right: the pair starts afresh and is known from now on. */
      succeeded(): void;
      /** The password could not be checked (the database failed): the try is not counted. */
      abandoned(): void;
    };

/**
 * Exponential backoff per (e-mail, address) pair, loosened or tightened by the e-mail's and the address's failures,
 * kept in memory. A pair that has not failed is always let through, so a right password from a clean address signs
 * in however many failures its e-mail or another address has; only an address that is clearly attacking also makes
 * pairs wait that never signed in from it. A try is counted as a failure before its password is checked (concurrent
 * tries are throttled like sequential ones) and given back when it succeeds. Each pair adds at most `perPair` failures
 * to its e-mail's and its address's counts.
 */
export class LoginThrottle {
  readonly #limits: LoginLimits;
  readonly #now: () => number;
  readonly #pairs: LRUCache<string, Failures>;
  readonly #emails: LRUCache<string, Failures>;
  readonly #addresses: LRUCache<string, Failures>;
  readonly #known: LRUCache<string, true>;

  /** `now`: milliseconds, never 0 (lru-cache reads a start of 0 as none); tests move it. */
  constructor(limits: Partial<LoginLimits> = {}, now: () => number = Date.now, maxEntries = loginThrottleMaxEntries) {
    this.#limits = { ...defaultLoginLimits, ...limits };
    this.#now = now;
    const options = (ttlSeconds: number) => ({ max: maxEntries, ttl: ttlSeconds * 1000, ttlResolution: 0, perf: { now } });
    this.#pairs = new LRUCache(options(this.#limits.windowSeconds));
    this.#emails = new LRUCache(options(this.#limits.windowSeconds));
    this.#addresses = new LRUCache(options(this.#limits.windowSeconds));
    this.#known = new LRUCache(options(knownPairSeconds));
  }

  /** Pairs, e-mails, addresses and known pairs held: bounded by `maxEntries` each whatever an attacker sends. */
  get size(): number {
    return this.#pairs.size + this.#emails.size + this.#addresses.size + this.#known.size;
  }

  /** Lets a try through (counted) or says how long this pair must still wait. */
  attempt(email: string, ip: string): LoginAttempt {
    const { perPair, perEmail, perIp, attackPerIp } = this.#limits;
    const address = addressKey(ip);
    const pairKey = JSON.stringify([email, address]);
    const now = this.#now();
    const pair = this.#pairs.get(pairKey);
    const byEmail = this.#emails.get(email);
    const byAddress = this.#addresses.get(address);
    // A pair that signed in from this address before is not held back by the address's other failures.
    const known = this.#known.has(pairKey);
    const hostile = (byEmail?.count ?? 0) >= perEmail || (!known && (byAddress?.count ?? 0) >= perIp);
    const waitMs = Math.max(this.#wait(pair, hostile ? 1 : perPair, now), known ? 0 : this.#wait(byAddress, attackPerIp, now));
    if (waitMs > 0) return { admitted: false, waitMs };
    // A pair's failures past its free tries are its own backoff's business: the e-mail and the address count how wide an attack is.
    const counted: [LRUCache<string, Failures>, string][] = [[this.#pairs, pairKey]];
    if ((pair?.count ?? 0) < perPair) counted.push([this.#emails, email], [this.#addresses, address]);
    for (const [store, key] of counted) this.#count(store, key, now);
    let settled = false;
    const giveBack = () => {
      if (settled) return false;
      settled = true;
      for (const [store, key] of counted) this.#uncount(store, key);
      return true;
    };
    return {
      admitted: true,
      succeeded: () => {
        if (!giveBack()) return;
        this.#pairs.delete(pairKey);
        this.#known.set(pairKey, true);
      },
      abandoned: () => void giveBack(),
    };
  }

  #wait(failures: Failures | undefined, free: number, now: number): number {
    if (!failures || failures.count < free) return 0;
    const delay = Math.min(this.#limits.maxDelaySeconds * 1000, firstDelayMs * 2 ** (failures.count - free));
    return Math.max(0, failures.last + delay - now);
  }

  #count(store: LRUCache<string, Failures>, key: string, now: number) {
    const failures = store.get(key) ?? { count: 0, last: now };
    failures.count += 1;
    failures.last = now;
    store.set(key, failures);
  }

  #uncount(store: LRUCache<string, Failures>, key: string) {
    const failures = store.get(key);
    if (!failures) return;
    failures.count -= 1;
    if (failures.count <= 0) store.delete(key);
  }
}
