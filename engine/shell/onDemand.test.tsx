// @vitest-environment jsdom
import { act, cleanup, configure, render, renderHook, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onDemand, useLoaded } from './onDemand.tsx';

configure({ asyncUtilTimeout: 5_000 });
afterEach(cleanup);

const Greeting = ({ name }: { name: string }) => <p>Hola {name}</p>;

class Catch extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children;
  }
}

describe('onDemand', () => {
  it('draws nothing until the code arrives, then the component with its props', async () => {
    let arrive!: () => void;
    const Lazy = onDemand(() => new Promise<typeof Greeting>((resolve) => (arrive = () => resolve(Greeting))));
    const { container } = render(<Lazy name="Ana" />);
    expect(container.innerHTML).toBe('');
    await act(async () => arrive());
    expect(screen.getByText('Hola Ana')).toBeTruthy();
  });

  it('throws a failure to load to the nearest error boundary', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Lazy = onDemand<{ name: string }>(() => Promise.reject(new Error('chunk failed')));
    render(
      <Catch>
        <Lazy name="Ana" />
      </Catch>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('chunk failed');
    error.mockRestore();
  });
});

describe('useLoaded', () => {
  it('loads once per loader: a second user has the value in its first render', async () => {
    const load = vi.fn(() => Promise.resolve(42));
    const first = renderHook(() => useLoaded(load));
    expect(first.result.current).toEqual({ value: undefined, error: undefined });
    await act(async () => undefined);
    expect(first.result.current.value).toBe(42);
    const second = renderHook(() => useLoaded(load));
    expect(second.result.current.value).toBe(42);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps a failure for its attempt and loads again on the next', async () => {
    let calls = 0;
    const load = () => (++calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve('code'));
    const hook = renderHook(({ attempt }) => useLoaded(load, { attempt }), { initialProps: { attempt: 0 } });
    await act(async () => undefined);
    expect(hook.result.current.error?.message).toBe('offline');
    hook.rerender({ attempt: 1 });
    // The new attempt starts clean: no stale error while it loads.
    expect(hook.result.current).toEqual({ value: undefined, error: undefined });
    await act(async () => undefined);
    expect(hook.result.current).toEqual({ value: 'code', error: undefined });
    expect(calls).toBe(2);
  });

  it('fails after the timeout when the code never arrives', async () => {
    const never = () => new Promise<never>(() => undefined);
    const hook = renderHook(() => useLoaded(never, { timeoutMs: 20 }));
    await vi.waitFor(() => expect(hook.result.current.error?.message).toBe('Not loaded after 20 ms'));
  });
});
