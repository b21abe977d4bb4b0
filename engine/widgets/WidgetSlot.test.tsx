// @vitest-environment jsdom
import { cleanup, configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { texts } from '../texts.ts';
import { createWidgetLoader, type WidgetModule, type WidgetProps } from './registry.ts';
import { WidgetSlot } from './WidgetSlot.tsx';

configure({ asyncUtilTimeout: 5_000 });

afterEach(cleanup);
beforeEach(() => {
  // The error boundaries log what failed.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  return () => vi.restoreAllMocks();
});

const Panel = ({ widgetKey }: WidgetProps) => <p>Reserva {widgetKey}</p>;
const props: WidgetProps = { widgetKey: 'MR1', onClose: () => undefined, openWidget: () => undefined };
const path = '../../widgets/booking-detail/index.ts';

/** A widget folder whose index and component chunks fail the first `failures` times each. */
function flakyWidget(failures: { index: number; component: number }) {
  const calls = { index: 0, component: 0 };
  const module: WidgetModule = {
    id: 'booking-detail',
    title: 'Detalle',
    load: () => (++calls.component <= failures.component ? Promise.reject(new Error('chunk 404')) : Promise.resolve({ default: Panel })),
  };
  const loader = createWidgetLoader({
    [path]: () => (++calls.index <= failures.index ? Promise.reject(new Error('chunk 404')) : Promise.resolve({ default: module })),
  });
  return { loader, calls };
}

describe('WidgetSlot', () => {
  it('shows the loading error once when the widget code fails to load, and loads again only on Reintentar', async () => {
    const { loader, calls } = flakyWidget({ index: 1, component: 0 });
    render(<WidgetSlot id="booking-detail" widgetProps={props} loader={loader} />);
    expect(await screen.findByText(texts.app.loadError)).toBeTruthy();
    expect(calls.index).toBe(1);
    await userEvent.click(screen.getByRole('button', { name: texts.app.retry }));
    expect(await screen.findByText('Reserva MR1')).toBeTruthy();
    expect(calls.index).toBe(2);
  });

  it('shows the loading error inside the frame when the component chunk fails, and retries it on demand', async () => {
    const { loader, calls } = flakyWidget({ index: 0, component: 1 });
    const frame = (title: string, content: React.ReactNode) => (
      <section aria-label={title || 'sin título'}>{content}</section>
    );
    render(<WidgetSlot id="booking-detail" widgetProps={props} loader={loader} frame={frame} />);
    // In the frame (its close button stays), under no title yet.
    const error = await screen.findByText(texts.app.loadError);
    expect(error.closest('section')?.getAttribute('aria-label')).toBe('sin título');
    expect(calls.component).toBe(1);
    await userEvent.click(screen.getByRole('button', { name: texts.app.retry }));
    expect(await screen.findByRole('region', { name: 'Detalle' })).toBeTruthy();
    expect(screen.getByText('Reserva MR1')).toBeTruthy();
    expect(calls.component).toBe(2);
  });

});
