/** What the user chose: follow the system setting, or always light, or always dark. */
export const themePreferences = ['system', 'light', 'dark'] as const;
export type ThemePreference = (typeof themePreferences)[number];
export type Theme = 'light' | 'dark';

/** The browser storage key of the choice (one per browser, every employee alike). */
export const themeStorageKey = 'mirador.theme';

/** The stored choice; anything unknown (nothing stored, an old value) follows the system. */
export function parsePreference(stored: string | null | undefined): ThemePreference {
  return themePreferences.find((preference) => preference === stored) ?? 'system';
}

/** The theme to draw: paper is always light; otherwise the choice, or the system's setting. */
export function resolveTheme(preference: ThemePreference, systemDark: boolean, printing: boolean): Theme {
  if (printing) return 'light';
  if (preference === 'system') return systemDark ? 'dark' : 'light';
  return preference;
}
