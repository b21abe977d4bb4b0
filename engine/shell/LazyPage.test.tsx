// @vitest-environment jsdom
import { cleanup, configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { texts } from '../texts.ts';
import { LazyPage } from './LazyPage.tsx';

configure({ asyncUtilTimeout: 5_000 });
afterEach(cleanup);

const Greeting = ({ name }: { name: string }) => <p>Hola {name}</p>;

describe('LazyPage', () => {
  it('shows a spinner, then the page with its props', async () => {
    let arrive!: () => void;
    const load = () => new Promise<{ default: typeof Greeting }>((resolve) => (arrive = () => resolve({ default: Greeting })));
    render(<LazyPage load={load} props={{ name: 'Ana' }} />);
    expect(screen.getByText(texts.app.loading)).toBeTruthy();
    arrive();
    expect(await screen.findByText('Hola Ana')).toBeTruthy();
  });

  it('shows the loading error when the code fails to load, and retries on demand', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let attempts = 0;
    const load = () => (++attempts === 1 ? Promise.reject(new Error('chunk failed')) : Promise.resolve({ default: Greeting }));
    render(<LazyPage load={load} props={{ name: 'Luis' }} />);
    expect(await screen.findByText(texts.app.loadError)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: texts.app.retry }));
    expect(await screen.findByText('Hola Luis')).toBeTruthy();
    expect(attempts).toBe(2);
    error.mockRestore();
  });

  it('draws a page whose code arrived before at once, without the spinner', async () => {
    const load = () => Promise.resolve({ default: Greeting });
    const first = render(<LazyPage load={load} props={{ name: 'Eva' }} />);
    expect(await screen.findByText('Hola Eva')).toBeTruthy();
    first.unmount();
    // Opened again (another screen of the same code): drawn in the first render, no spinner in between.
    render(<LazyPage load={load} props={{ name: 'Rosa' }} />);
    expect(screen.getByText('Hola Rosa')).toBeTruthy();
    expect(screen.queryByText(texts.app.loading)).toBeNull();
  });

  it('stands the loading error in for a page that fails as it draws, and draws it again on retry', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let broken = true;
    const Flaky = ({ name }: { name: string }) => {
      if (broken) throw new Error('draw failed');
      return <p>Hola {name}</p>;
    };
    render(<LazyPage load={() => Promise.resolve({ default: Flaky })} props={{ name: 'Juan' }} />);
    expect(await screen.findByText(texts.app.loadError)).toBeTruthy();
    broken = false;
    await userEvent.click(screen.getByRole('button', { name: texts.app.retry }));
    expect(await screen.findByText('Hola Juan')).toBeTruthy();
    error.mockRestore();
  });

  it('gives up with the loading error when the code does not arrive in time', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const never = () => new Promise<{ default: typeof Greeting }>(() => undefined);
    render(<LazyPage load={never} props={{ name: 'x' }} timeoutMs={50} />);
    expect(await screen.findByText(texts.app.loadError)).toBeTruthy();
    error.mockRestore();
  });
});
