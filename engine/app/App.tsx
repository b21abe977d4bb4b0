import { useState } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { LazyPage } from '../shell/LazyPage.tsx';
import { LoginPage } from '../shell/LoginPage.tsx';
import { loginPath } from '../shell/paths.ts';
import { RequireSession } from '../shell/RequireSession.tsx';

// Everything behind sign-in is its own chunk, so the sign-in page loads little JavaScript.
const loadAuthenticatedApp = () => import('../shell/AuthenticatedApp.tsx');

/** Sign-in, and behind the session guard every other path (the report routes are matched inside). */
export const appRoutes: RouteObject[] = [
  { id: 'login', path: loginPath, element: <LoginPage /> },
  {
    path: '*',
    element: (
      <RequireSession>
        <LazyPage load={loadAuthenticatedApp} props={{}} />
      </RequireSession>
    ),
  },
];

export function App() {
  const [router] = useState(() => createBrowserRouter(appRoutes));
  return <RouterProvider router={router} />;
}
