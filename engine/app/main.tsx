// First of all: configures zod before any module builds or parses a schema.
import './zodConfig.ts';
// Then the theme (system, or the choice stored in this browser), before anything is drawn.
import '../theme/applyTheme.ts';
import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/select/lib/css/blueprint-select.css';
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import './theme.css';
import './layout.css';
import '../print/print.css';
import { FocusStyleManager } from '@blueprintjs/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadConfig } from '../api/config.ts';
import { getSession } from '../session/session.ts';
import { loginPath } from '../shell/paths.ts';
import { App } from './App.tsx';

// Focus rings for keyboard users only.
FocusStyleManager.onlyShowFocusOnTabs();

// The service base URLs must be known before the first call.
const configured = loadConfig();

// A signed-in start on a screen asks for its data now, beside the chunks of its page; the sign-in page loads none of it.
if (getSession() && !window.location.pathname.startsWith(loginPath)) {
  // Without it (a chunk that failed to load) the screen fetches its data itself.
  import('./prefetchScreen.ts').then(({ prefetchScreen }) => prefetchScreen(window.location, configured)).catch(() => undefined);
}

void configured.then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
