import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../session/useSession.ts';
import { loginPath } from './paths.ts';

/** What the sign-in page reads to send the user back to the page they asked for. */
export interface SignInState {
  from?: { pathname: string; search?: string; hash?: string };
}

/** Renders its children with a stored session; otherwise (also after a sign-out) the sign-in page. */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const state: SignInState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to={loginPath} replace state={state} />;
  }
  return children;
}
