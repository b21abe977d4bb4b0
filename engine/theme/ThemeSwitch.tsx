import { Classes, SegmentedControl } from '@blueprintjs/core';
import { texts } from '../texts.ts';
import { parsePreference, themePreferences } from './themePreference.ts';
import { useTheme } from './useTheme.ts';

const options = themePreferences.map((value) => ({ value, label: texts.theme[value] }));

/** Sistema / Claro / Oscuro: the choice is remembered by this browser. */
export function ThemeSwitch() {
  const { preference, setPreference } = useTheme();
  return (
    <div className={`app-theme-switch ${Classes.DARK}`}>
      <span className="app-theme-switch-label" id="app-theme-switch-label">{texts.theme.label}</span>
      <SegmentedControl
        aria-labelledby="app-theme-switch-label"
        size="small"
        fill
        options={options}
        value={preference}
        onValueChange={(value) => setPreference(parsePreference(value))}
      />
    </div>
  );
}
