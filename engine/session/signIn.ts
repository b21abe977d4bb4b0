import { apiPost } from '../api/client.ts';
import { storeSession, type Employee, type Session } from './session.ts';

interface SignInAnswer {
  token: string;
  employee: Employee;
}

/** Signs an employee in on the auth service and stores the session; throws ApiError on failure. */
export async function signIn(email: string, password: string): Promise<Session> {
  const answer = await apiPost<SignInAnswer>({ service: 'auth', path: '/api/v1/auth/login/employee' }, { email, password });
  return storeSession(answer.token, answer.employee);
}
