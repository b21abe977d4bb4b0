// CONTRACT STUB — owned by the app-shell engineer.
export interface Employee {
  _id: number;
  name: string;
  lastName: string;
  email: string;
  avatar: string | null;
}

export interface Session {
  token: string;
  employee: Employee;
}

/** The stored session (local storage keys: token, user, employee), or null when signed out. */
export function getSession(): Session | null {
  throw new Error('not implemented yet');
}
