import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession, type Session } from './session.ts';

/** The current session, re-rendering on sign-in and sign-out. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
