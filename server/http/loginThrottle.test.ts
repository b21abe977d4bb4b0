import { describe, expect, it } from 'vitest';
import { addressKey, LoginThrottle } from './loginThrottle.ts';

describe('addressKey', () => {
  it('keeps an IPv4 address, unwraps an IPv4-mapped one and counts IPv6 by its /64 however it is spelt', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    const key = addressKey('2001:db8:0:1::5');
    expect(key).toBe('2001:db8:0:1::/64');
    for (const same of ['2001:0DB8:0000:0001:ffff:ffff:ffff:ffff', '2001:db8::1:0:0:0:1', '2001:db8:0:1::5%eth0', '2001:db8:0:1::192.0.2.1']) {
      expect(addressKey(same), same).toBe(key);
    }
    expect(addressKey('2001:db8:0:2::5')).not.toBe(key);
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe('LoginThrottle', () => {
  it('holds a bounded number of entries however many pairs fail', () => {
    let clock = 1_000_000;
    const throttle = new LoginThrottle({}, () => clock, 1000);
    for (let i = 0; i < 20_000; i++) {
      const attempt = throttle.attempt(`persona-${i}@mirador.test`, `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
      expect(attempt.admitted).toBe(true);
      clock += 1;
    }
    expect(throttle.size).toBeLessThanOrEqual(3 * 1000);
  });

  it('does not count a try whose password could not be checked', () => {
    const throttle = new LoginThrottle({ perPair: 1 }, () => 1_000_000);
    const first = throttle.attempt('a@mirador.test', '10.0.0.1');
    expect(first.admitted).toBe(true);
    if (first.admitted) first.abandoned();
    expect(throttle.attempt('a@mirador.test', '10.0.0.1').admitted).toBe(true);
    expect(throttle.attempt('a@mirador.test', '10.0.0.1')).toEqual({ admitted: false, waitMs: 1000 });
  });
});
