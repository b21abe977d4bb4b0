import { Classes } from '@blueprintjs/core';
import { parsePreference, resolveTheme, themeStorageKey, type Theme, type ThemePreference } from './themePreference.ts';

// Imported first by the entry: the page gets its theme before React draws anything (no inline script under the CSP).
const never = { matches: false, addEventListener: () => undefined };
// jsdom (component tests) has no matchMedia.
const media = (query: string): Pick<MediaQueryList, 'matches' | 'addEventListener'> => window.matchMedia?.(query) ?? never;
const systemDark = media('(prefers-color-scheme: dark)');
const printMedia = media('print');
let printing = false;
let preference = readStored();
let theme: Theme = 'light';
const listeners = new Set<() => void>();

function readStored(): ThemePreference {
  try {
    return parsePreference(window.localStorage.getItem(themeStorageKey));
  } catch {
    // Storage refused (privacy settings): follow the system.
    return 'system';
  }
}

/**
 * Blueprint's dark class on the root element covers the app and every portal (dialogs, popovers, drawers, toasts);
 * FullCalendar reads `data-color-scheme`.
 */
function apply(): void {
  const next = resolveTheme(preference, systemDark.matches, printing || printMedia.matches);
  const root = document.documentElement;
  root.classList.toggle(Classes.DARK, next === 'dark');
  root.dataset.colorScheme = next;
  root.classList.add('app-theme-set');
  if (next === theme) return;
  theme = next;
  for (const listener of listeners) listener();
}

export function currentTheme(): Theme {
  return theme;
}

export function currentThemePreference(): ThemePreference {
  return preference;
}

/** Stores the choice in this browser and applies it at once. */
export function setThemePreference(next: ThemePreference): void {
  preference = next;
  try {
    if (next === 'system') window.localStorage.removeItem(themeStorageKey);
    else window.localStorage.setItem(themeStorageKey, next);
  } catch {
    // Not remembered, still applied.
  }
  apply();
  for (const listener of listeners) listener();
}

export function subscribeTheme(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

systemDark.addEventListener('change', apply);
printMedia.addEventListener('change', apply);
// window.print() lays the page out right after beforeprint: the light theme must be on by then.
window.addEventListener('beforeprint', () => {
  printing = true;
  apply();
});
window.addEventListener('afterprint', () => {
  printing = false;
  apply();
});
// The choice made in another tab of this browser.
window.addEventListener('storage', (event) => {
  if (event.key !== themeStorageKey && event.key !== null) return;
  preference = readStored();
  apply();
  for (const listener of listeners) listener();
});
apply();
