import { describe, expect, it } from 'vitest';
import { parsePreference, resolveTheme } from './themePreference.ts';

describe('parsePreference', () => {
  it('keeps a known choice and follows the system for anything else', () => {
    expect(parsePreference('dark')).toBe('dark');
    expect(parsePreference('light')).toBe('light');
    expect(parsePreference('system')).toBe('system');
    expect(parsePreference(null)).toBe('system');
    expect(parsePreference('Dark')).toBe('system');
  });
});

describe('resolveTheme', () => {
  it('follows the system setting by default', () => {
    expect(resolveTheme('system', true, false)).toBe('dark');
    expect(resolveTheme('system', false, false)).toBe('light');
  });

  it('lets the choice override the system', () => {
    expect(resolveTheme('light', true, false)).toBe('light');
    expect(resolveTheme('dark', false, false)).toBe('dark');
  });

  it('prints light whatever the choice and the system', () => {
    expect(resolveTheme('dark', true, true)).toBe('light');
    expect(resolveTheme('system', true, true)).toBe('light');
  });
});
