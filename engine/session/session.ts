/** The signed-in employee as the sign-in call returns it. */
export interface Employee {
  _id: number;
  name: string;
  lastName: string;
  email: string;
  avatar: string | null;
  /** May see tip figures (employees.can_see_tips); absent in a session stored before it was answered: not held. */
  canSeeTips?: boolean;
}

export interface Session {
  token: string;
  employee: Employee;
}

const keys = { token: 'token', user: 'user', employee: 'employee' } as const;

// Outside a browser (node tests) or where local storage is blocked, the session lives in memory.
const memory = new Map<string, string>();
const memoryStorage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = {
  getItem: (key) => memory.get(key) ?? null,
  setItem: (key, value) => void memory.set(key, value),
  removeItem: (key) => void memory.delete(key),
};

function storage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  try {
    if (typeof localStorage !== 'undefined' && localStorage) return localStorage;
  } catch {
    // Access to localStorage throws in some privacy modes.
  }
  return memoryStorage;
}

function isEmployee(value: unknown): value is Employee {
  if (value === null || typeof value !== 'object') return false;
  const e = value as Record<string, unknown>;
  return typeof e.name === 'string' && typeof e.email === 'string';
}

function parseEmployee(raw: string | null): Employee | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!isEmployee(value)) return null;
    return {
      _id: value._id,
      name: value.name,
      lastName: value.lastName ?? '',
      email: value.email,
      avatar: value.avatar ?? null,
      canSeeTips: value.canSeeTips === true,
    };
  } catch {
    return null;
  }
}

let cached: { raw: string; session: Session | null } | undefined;

/** The stored session (local storage keys: token, user, employee), or null when signed out. */
export function getSession(): Session | null {
  const store = storage();
  const token = store.getItem(keys.token);
  const user = store.getItem(keys.user);
  const employee = store.getItem(keys.employee);
  const raw = JSON.stringify([token, user, employee]);
  // Same answer for the same storage, so React's useSyncExternalStore sees a stable snapshot.
  if (cached?.raw === raw) return cached.session;
  const parsed = parseEmployee(employee) ?? parseEmployee(user);
  const session = token && user && parsed ? { token, employee: parsed } : null;
  cached = { raw, session };
  return session;
}

const listeners = new Set<(session: Session | null) => void>();

function emit() {
  const session = getSession();
  for (const listener of listeners) listener(session);
}

/** Calls `listener` whenever the session changes (here or in another tab); returns the unsubscribe. */
export function subscribeSession(listener: (session: Session | null) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined' && typeof window.addEventListener === 'function') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || Object.values(keys).includes(event.key as never)) emit();
  });
}

/** Stores a signed-in employee; the employee is kept under both `user` and `employee`. */
export function storeSession(token: string, employee: Employee): Session {
  const store = storage();
  const json = JSON.stringify(employee);
  store.setItem(keys.token, token);
  store.setItem(keys.user, json);
  store.setItem(keys.employee, json);
  emit();
  return getSession()!;
}

/** Forgets the token, user and employee; subscribers (the route guard) send the user to sign-in. */
export function clearSession(): void {
  const store = storage();
  const hadSession = Object.values(keys).some((key) => store.getItem(key) !== null);
  for (const key of Object.values(keys)) store.removeItem(key);
  if (hadSession) emit();
}
