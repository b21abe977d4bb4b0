import { useSyncExternalStore } from 'react';
import { currentTheme, currentThemePreference, setThemePreference, subscribeTheme } from './applyTheme.ts';
import type { Theme, ThemePreference } from './themePreference.ts';

/** The theme drawn now (light while printing) and the user's choice. */
export function useTheme(): { theme: Theme; preference: ThemePreference; setPreference(preference: ThemePreference): void } {
  const theme = useSyncExternalStore(subscribeTheme, currentTheme, () => 'light' as const);
  const preference = useSyncExternalStore(subscribeTheme, currentThemePreference, () => 'system' as const);
  return { theme, preference, setPreference: setThemePreference };
}
