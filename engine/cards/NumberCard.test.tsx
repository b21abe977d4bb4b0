// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { blockSchema, type Block } from '../../schema/reportDefinition.ts';
import { NumberCard } from './NumberCard.tsx';
import type { PeriodComparisonState } from './usePeriodComparison.ts';

type CardsBlock = Extract<Block, { kind: 'cards' }>;

const cardsOf = (cards: unknown[]) => (blockSchema.parse({ kind: 'cards', source: 'pos', cards }) as CardsBlock).cards;

const answer = { data: { acumApp: 3_000_000, acumDesktop: 6_000_000, acumDiscount: 1_000_000, acumTip: 500_000, taxAcum: 800_000, count: 40 } };

afterEach(cleanup);

describe('NumberCard', () => {
  it('shows a formula card: real income = total sales - discount - tip - tax', async () => {
    const [card] = cardsOf([
      {
        label: 'Ingreso real',
        value: 'datum.data.acumApp + datum.data.acumDesktop + datum.data.acumDiscount - datum.data.acumDiscount - datum.data.acumTip - datum.data.taxAcum',
        format: 'money',
      },
    ]);
    render(<NumberCard card={card!} datum={answer} trm={undefined} />);
    const group = screen.getByRole('group', { name: 'Ingreso real' });
    expect(await within(group).findByText('$7,700,000.00')).toBeTruthy();
  });

  it('shows a field card and counts up to the value', async () => {
    const [card] = cardsOf([{ label: 'Órdenes', field: 'data.count', format: 'integer' }]);
    render(<NumberCard card={card!} datum={answer} trm={undefined} />);
    expect(await within(screen.getByRole('group', { name: 'Órdenes' })).findByText('40')).toBeTruthy();
  });

  it('says "Sin permiso", with why on hover, where the server withheld a figure of a right, never 0', () => {
    const [tips, plain] = cardsOf([
      { label: 'Propina total', field: 'data.acumTip', format: 'money', right: 'tips' },
      { label: 'Descuento', field: 'data.acumDiscount', format: 'money', animate: false },
    ]);
    const withheld = { data: { acumTip: null, acumDiscount: null } };
    render(<><NumberCard card={tips!} datum={withheld} trm={undefined} /><NumberCard card={plain!} datum={withheld} trm={undefined} /></>);
    const text = within(screen.getByRole('group', { name: 'Propina total' })).getByText('Sin permiso');
    expect(text.getAttribute('title')).toBe('No tiene permiso para ver propinas');
    expect(within(screen.getByRole('group', { name: 'Propina total' })).queryByText(/\$/)).toBeNull();
    expect(within(screen.getByRole('group', { name: 'Descuento' })).queryByText('Sin permiso')).toBeNull();
  });

  it('shows a figure of a right as usual where the server answered it', async () => {
    const [card] = cardsOf([{ label: 'Propina total', field: 'data.acumTip', format: 'money', right: 'tips', animate: false }]);
    render(<NumberCard card={card!} datum={answer} trm={undefined} />);
    expect(await within(screen.getByRole('group', { name: 'Propina total' })).findByText('$500,000.00')).toBeTruthy();
  });

  it('shows the USD equivalent, COP / TRM', () => {
    const [card] = cardsOf([{ label: 'Total ventas', field: 'data.acumDesktop', format: 'money', usd: true, animate: false }]);
    render(<NumberCard card={card!} datum={answer} trm={4000} />);
    const group = screen.getByRole('group', { name: 'Total ventas' });
    expect(within(group).getByText('$6,000,000.00')).toBeTruthy();
    expect(within(group).getByText('USD $1,500.00')).toBeTruthy();
  });

  it('uses the TRM inside a formula', () => {
    const [card] = cardsOf([{ label: 'Propinas USD', value: 'datum.data.acumTip / trm', format: 'money', animate: false }]);
    render(<NumberCard card={card!} datum={answer} trm={4000} />);
    expect(within(screen.getByRole('group', { name: 'Propinas USD' })).getByText('$125.00')).toBeTruthy();
  });

  it('shows its formula behind an info icon reached with the keyboard, and none without help', async () => {
    const help = 'Ingreso real = ventas totales − descuento − propina − impuestos';
    const [withHelp, without] = cardsOf([
      { label: 'Ingreso real', field: 'data.acumApp', format: 'money', animate: false, help },
      { label: 'Órdenes', field: 'data.count', format: 'integer', animate: false },
    ]);
    render(
      <>
        <NumberCard card={withHelp!} datum={answer} trm={undefined} />
        <NumberCard card={without!} datum={answer} trm={undefined} />
      </>,
    );
    await userEvent.tab();
    const icon = within(screen.getByRole('group', { name: 'Ingreso real' })).getByRole('button', { name: `Fórmula de Ingreso real: ${help}` });
    expect(document.activeElement).toBe(icon);
    expect(await screen.findByText(help, { selector: '.bp6-tooltip *' })).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Órdenes' })).queryByRole('button')).toBeNull();
  });

  it('shows a dash while the TRM or the answer is missing', () => {
    const [total, date] = cardsOf([
      { label: 'Total', field: 'data.acumDesktop', format: 'money', usd: true, animate: false },
      { label: 'Fecha', field: 'data.date', format: 'date', animate: false },
    ]);
    render(
      <>
        <NumberCard card={total!} datum={answer} trm={undefined} />
        <NumberCard card={date!} datum={undefined} trm={undefined} />
      </>,
    );
    expect(within(screen.getByRole('group', { name: 'Total' })).getByText('USD —')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Fecha' })).getByText('—')).toBeTruthy();
  });

  it('shows a comparison and the signed difference answered by the server, coloured by its sign', () => {
    const kpis = {
      data: {
        current: { adr: 350_000, occupancy: 61.5, revpar: null },
        lastYear: { adr: 320_000, occupancy: 64.25, revpar: 100_000 },
        difference: {
          adr: { absolute: 30_000, percent: 9.38 },
          occupancy: { absolute: -2.75, percent: -4.28 },
          revpar: { absolute: null, percent: null },
        },
      },
    };
    const compare = (figure: string, deltaFormat?: string) => ({
      label: 'Año anterior',
      field: `data.lastYear.${figure}`,
      delta: `data.difference.${figure}.absolute`,
      deltaPercent: `data.difference.${figure}.percent`,
      ...(deltaFormat ? { deltaFormat } : {}),
    });
    const [adr, occupancy, revpar] = cardsOf([
      { label: 'ADR', field: 'data.current.adr', format: 'money', animate: false, compare: compare('adr') },
      { label: 'Ocupación', field: 'data.current.occupancy', format: 'percent', animate: false, compare: compare('occupancy', 'points') },
      { label: 'RevPAR', field: 'data.current.revpar', format: 'money', animate: false, compare: compare('revpar') },
    ]);
    render(
      <>
        <NumberCard card={adr!} datum={kpis} trm={undefined} />
        <NumberCard card={occupancy!} datum={kpis} trm={undefined} />
        <NumberCard card={revpar!} datum={kpis} trm={undefined} />
      </>,
    );
    const adrCard = within(screen.getByRole('group', { name: 'ADR' }));
    expect(adrCard.getByText('$350,000.00')).toBeTruthy();
    expect(adrCard.getByText('Año anterior: $320,000.00')).toBeTruthy();
    expect(adrCard.getByText('+$30,000.00 (+9.38%)').className).toContain('report-card-delta-up');
    const occupancyCard = within(screen.getByRole('group', { name: 'Ocupación' }));
    expect(occupancyCard.getByText('Año anterior: 64.25%')).toBeTruthy();
    expect(occupancyCard.getByText('-2.75 p. p. (-4.28%)').className).toContain('report-card-delta-down');
    const revparCard = within(screen.getByRole('group', { name: 'RevPAR' }));
    expect(revparCard.getByText('Año anterior: $100,000.00')).toBeTruthy();
    expect(revparCard.getByText('— (—)').className).toBe('report-card-delta');
  });

  describe('against another period ("Comparar con:")', () => {
    const period = (answer: unknown, more: Partial<PeriodComparisonState> = {}): PeriodComparisonState => ({
      mode: 'previous',
      label: 'Periodo anterior',
      period: '01/10/2026 – 31/10/2026',
      answer,
      error: null,
      retry: () => undefined,
      ...more,
    });
    const before = { data: { acumApp: 2_000_000, acumDesktop: 8_000_000, acumDiscount: 1_000_000, acumTip: 400_000, taxAcum: 800_000, count: 32 } };

    it('shows the same card on the other period and the signed difference, coloured by its sign', () => {
      const [app, desktop, count] = cardsOf([
        { label: 'App', field: 'data.acumApp', format: 'money', animate: false },
        { label: 'Escritorio', field: 'data.acumDesktop', format: 'money', animate: false },
        { label: 'Órdenes', field: 'data.count', format: 'integer', animate: false },
      ]);
      render(
        <>
          <NumberCard card={app!} datum={answer} trm={undefined} period={period(before)} />
          <NumberCard card={desktop!} datum={answer} trm={undefined} period={period(before)} />
          <NumberCard card={count!} datum={answer} trm={undefined} period={period(before)} />
        </>,
      );
      const appCard = within(screen.getByRole('group', { name: 'App' }));
      expect(appCard.getByText('$3,000,000.00')).toBeTruthy();
      const line = appCard.getByText('Periodo anterior: $2,000,000.00');
      expect(line.getAttribute('title')).toBe('Periodo anterior: 01/10/2026 – 31/10/2026');
      expect(appCard.getByText('+$1,000,000.00 (+50.00%)').className).toContain('report-card-delta-up');
      const desktopCard = within(screen.getByRole('group', { name: 'Escritorio' }));
      expect(desktopCard.getByText('-$2,000,000.00 (-25.00%)').className).toContain('report-card-delta-down');
      expect(within(screen.getByRole('group', { name: 'Órdenes' })).getByText('+8 (+25.00%)')).toBeTruthy();
    });

    it('keeps the figure while the comparison loads or fails, and retries it', async () => {
      const [card] = cardsOf([{ label: 'App', field: 'data.acumApp', format: 'money', animate: false }]);
      let retried = 0;
      const { rerender } = render(<NumberCard card={card!} datum={answer} trm={undefined} period={period(undefined)} />);
      const group = () => within(screen.getByRole('group', { name: 'App' }));
      expect(group().getByText('$3,000,000.00')).toBeTruthy();
      expect(group().getByText('Periodo anterior: cargando…')).toBeTruthy();
      rerender(<NumberCard card={card!} datum={answer} trm={undefined} period={period(undefined, { error: new Error('502'), retry: () => (retried += 1) })} />);
      expect(group().getByText('$3,000,000.00')).toBeTruthy();
      expect(group().getByText('Periodo anterior: no disponible')).toBeTruthy();
      await userEvent.click(group().getByRole('button', { name: 'Reintentar la comparación' }));
      expect(retried).toBe(1);
    });

    it('withholds the comparison of a withheld figure', () => {
      const [tips] = cardsOf([{ label: 'Propina total', field: 'data.acumTip', format: 'money', right: 'tips', animate: false }]);
      const withheld = { data: { acumTip: null } };
      render(<NumberCard card={tips!} datum={withheld} trm={undefined} period={period(withheld)} />);
      const group = within(screen.getByRole('group', { name: 'Propina total' }));
      expect(group.getAllByText('Sin permiso')).toHaveLength(2);
      expect(group.queryByText(/\$/)).toBeNull();
    });

    it("keeps a KPI's own comparison for last year, and computes the previous period's", () => {
      const kpis = (adr: number, lastYear: number) => ({
        data: { current: { adr }, lastYear: { adr: lastYear }, difference: { adr: { absolute: adr - lastYear, percent: 10 } } },
      });
      const [adr] = cardsOf([{
        label: 'ADR',
        field: 'data.current.adr',
        format: 'money',
        animate: false,
        compare: { label: 'Año anterior', field: 'data.lastYear.adr', delta: 'data.difference.adr.absolute', deltaPercent: 'data.difference.adr.percent' },
      }]);
      const { rerender } = render(<NumberCard card={adr!} datum={kpis(330_000, 300_000)} trm={undefined} period={period(kpis(1, 1), { mode: 'lastYear', label: 'Año anterior' })} />);
      const group = () => within(screen.getByRole('group', { name: 'ADR' }));
      expect(group().getByText('Año anterior: $300,000.00')).toBeTruthy();
      expect(group().getByText('+$30,000.00 (+10.00%)')).toBeTruthy();
      rerender(<NumberCard card={adr!} datum={kpis(330_000, 300_000)} trm={undefined} period={period(kpis(360_000, 1))} />);
      expect(group().getByText('Periodo anterior: $360,000.00')).toBeTruthy();
      expect(group().getByText('-$30,000.00 (-8.33%)').className).toContain('report-card-delta-down');
      expect(group().queryByText(/Año anterior/)).toBeNull();
    });

    it('leaves out a card whose format is not a number, or that opts out', () => {
      const [date, optedOut] = cardsOf([
        { label: 'Fecha', field: 'data.date', format: 'date', animate: false },
        { label: 'Órdenes', field: 'data.count', format: 'integer', animate: false, periodCompare: false },
      ]);
      render(
        <>
          <NumberCard card={date!} datum={{ data: { date: '2026-11-01' } }} trm={undefined} period={period({ data: { date: '2026-10-01' } })} />
          <NumberCard card={optedOut!} datum={answer} trm={undefined} period={period(before)} />
        </>,
      );
      expect(screen.queryByText(/Periodo anterior/)).toBeNull();
    });
  });
});
