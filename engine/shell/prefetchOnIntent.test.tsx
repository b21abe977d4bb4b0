// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prefetchScreen } from '../app/prefetchScreen.ts';
import { intentDelayMs, usePrefetchOnIntent } from './prefetchOnIntent.ts';

// What is checked here is when the hook asks; what a screen then asks for, and that its page reads it, the browser
// tests check (tests/browser/prefetch.test.ts).
vi.mock('../app/prefetchScreen.ts', () => ({ prefetchScreen: vi.fn(() => Promise.resolve()) }));
const asked = vi.mocked(prefetchScreen);

function MenuLink() {
  return (
    <a href="/hk/task" {...usePrefetchOnIntent('/hk/task')}>
      Tareas
    </a>
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  asked.mockClear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('usePrefetchOnIntent', () => {
  it('asks for the screen once the pointer has rested on its link', async () => {
    render(<MenuLink />);
    fireEvent.pointerEnter(screen.getByText('Tareas'));
    vi.advanceTimersByTime(intentDelayMs - 1);
    await vi.dynamicImportSettled();
    expect(asked).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    await vi.dynamicImportSettled();
    expect(asked).toHaveBeenCalledExactlyOnceWith({ pathname: '/hk/task', search: '' });
  });

  it('asks nothing for a pointer passing over the link, or a focus moving on', async () => {
    render(<MenuLink />);
    const link = screen.getByText('Tareas');
    fireEvent.pointerEnter(link);
    fireEvent.pointerLeave(link);
    fireEvent.focus(link);
    fireEvent.blur(link);
    vi.advanceTimersByTime(10 * intentDelayMs);
    await vi.dynamicImportSettled();
    expect(asked).not.toHaveBeenCalled();
  });

  it('asks at once on a press, and once only when the rest had not yet ended', async () => {
    render(<MenuLink />);
    const link = screen.getByText('Tareas');
    fireEvent.pointerEnter(link);
    fireEvent.pointerDown(link);
    await vi.dynamicImportSettled();
    expect(asked).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(10 * intentDelayMs);
    await vi.dynamicImportSettled();
    expect(asked).toHaveBeenCalledOnce();
  });

  it('asks nothing once the link is gone', async () => {
    const { unmount } = render(<MenuLink />);
    fireEvent.pointerEnter(screen.getByText('Tareas'));
    unmount();
    vi.advanceTimersByTime(10 * intentDelayMs);
    await vi.dynamicImportSettled();
    expect(asked).not.toHaveBeenCalled();
  });
});
