// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { blockSchema, type Block } from '../../schema/reportDefinition.ts';
import { NumberCard } from './NumberCard.tsx';

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
});
