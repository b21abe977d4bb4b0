import { Button, Card, FormGroup, InputGroup } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Navigate, useLocation } from 'react-router-dom';
import * as z from 'zod/mini';
import { ApiError } from '../api/client.ts';
import { notifyServerError, notifyWarning } from '../notify.ts';
import { signIn } from '../session/signIn.ts';
import { useSession } from '../session/useSession.ts';
import { texts } from '../texts.ts';
import { loginPath } from './paths.ts';
import type { SignInState } from './RequireSession.tsx';

// zod/mini keeps the sign-in page's JavaScript small; no format rules, as the spec says.
const loginSchema = z.object({
  email: z.string().check(z.trim(), z.minLength(1, texts.login.required)),
  password: z.string().check(z.minLength(1, texts.login.required)),
});

type LoginValues = z.infer<typeof loginSchema>;

/** The page the user first asked for, never the sign-in page itself; else the dashboard. */
function returnPath(state: unknown): string {
  const from = (state as SignInState | null)?.from;
  if (!from?.pathname || from.pathname === loginPath) return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

export function LoginPage() {
  const session = useSession();
  const location = useLocation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  // Storing the session re-renders this page, which then leaves for the page asked for.
  if (session) return <Navigate to={returnPath(location.state)} replace />;

  const onSubmit = handleSubmit(async ({ email, password }) => {
    try {
      await signIn(email, password);
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) {
        notifyWarning(texts.login.failedTitle, error.message);
      } else if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        setError('email', { type: 'server', message: '' });
        setError('password', { type: 'server', message: '' });
        notifyWarning(texts.login.failedTitle, texts.login.failedText);
      } else {
        notifyServerError(error);
      }
    }
  });

  const email = register('email');
  const password = register('password');
  return (
    <div className="app-login">
      <Card className="app-login-card" elevation={2}>
        <div className="app-login-brand">
          <span className="app-brand-mark" aria-hidden="true">M</span>
          <div>
            <div className="app-login-name">{texts.app.name}</div>
            <div className="app-login-subtitle">{texts.login.subtitle}</div>
          </div>
        </div>
        <h1 className="app-login-title">{texts.login.title}</h1>
        <form onSubmit={onSubmit} noValidate>
          <FormGroup
            label={texts.login.email}
            labelFor="login-email"
            intent={errors.email ? 'danger' : 'none'}
            helperText={errors.email?.message || undefined}
          >
            <InputGroup
              id="login-email"
              type="email"
              autoComplete="username"
              autoFocus
              size="large"
              intent={errors.email ? 'danger' : 'none'}
              aria-invalid={errors.email ? true : undefined}
              name={email.name}
              onChange={email.onChange}
              onBlur={email.onBlur}
              inputRef={email.ref}
            />
          </FormGroup>
          <FormGroup
            label={texts.login.password}
            labelFor="login-password"
            intent={errors.password ? 'danger' : 'none'}
            helperText={errors.password?.message || undefined}
          >
            <InputGroup
              id="login-password"
              type="password"
              autoComplete="current-password"
              size="large"
              intent={errors.password ? 'danger' : 'none'}
              aria-invalid={errors.password ? true : undefined}
              name={password.name}
              onChange={password.onChange}
              onBlur={password.onBlur}
              inputRef={password.ref}
            />
          </FormGroup>
          <Button type="submit" intent="primary" size="large" fill loading={isSubmitting} text={texts.login.submit} />
        </form>
      </Card>
    </div>
  );
}
