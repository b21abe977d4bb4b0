import { Button, Checkbox, Popover } from '@blueprintjs/core';
import { useLayoutEffect, useRef, useState } from 'react';
import type { ColumnLayout } from '../../core/table/types.ts';
import { texts } from '../texts.ts';

export interface ColumnsMenuColumn {
  key: string;
  header: string;
  shown: boolean;
}

export interface ColumnsMenuProps {
  /** Every column of the definition, in the order shown (core/data/tableState.ts fullLayout), with its header. */
  columns: readonly ColumnsMenuColumn[];
  /** The new layout; undefined puts the definition's columns back. */
  onChange(layout: ColumnLayout | undefined): void;
  /** The table has month columns, which follow the definition's columns and are not in the list. */
  months?: boolean;
  /** The columns differ from the definition's (Restablecer has something to do). */
  changed: boolean;
}

const layoutOf = (columns: readonly ColumnsMenuColumn[]): ColumnLayout => columns.map(({ key, shown }) => ({ key, shown }));

/**
 * "Columnas" in a table's toolbar: a checkbox per column to show or hide it (the last one shown cannot be hidden),
 * "Subir" and "Bajar" to move it, and "Restablecer" for the definition's columns. Every control is a labelled
 * checkbox or button, so the keyboard and a screen reader reach them all; a moved column keeps the focus.
 */
export function ColumnsMenu({ columns, onChange, months = false, changed }: ColumnsMenuProps) {
  const t = texts.table;
  const list = useRef<HTMLUListElement>(null);
  const [focusAfterMove, setFocusAfterMove] = useState<{ key: string; direction: 'up' | 'down' }>();
  const shownCount = columns.filter((column) => column.shown).length;
  // The layout as last changed: the screen takes the new one through the URL, which may come after a second key press.
  const latest = useRef(columns);
  const seen = useRef(columns);
  if (seen.current !== columns) {
    seen.current = columns;
    latest.current = columns;
  }
  const changeTo = (next: readonly ColumnsMenuColumn[]) => {
    latest.current = next;
    onChange(layoutOf(next));
  };

  useLayoutEffect(() => {
    if (!focusAfterMove || !list.current) return;
    const item = [...list.current.querySelectorAll<HTMLElement>('li[data-column-key]')].find((li) => li.dataset.columnKey === focusAfterMove.key);
    const wanted = item?.querySelector<HTMLButtonElement>(`button[data-move="${focusAfterMove.direction}"]`);
    // At the top (or bottom) its button is off: the other one takes the focus.
    const target = wanted && !wanted.disabled ? wanted : item?.querySelector<HTMLButtonElement>('button[data-move]:not(:disabled)');
    target?.focus();
    setFocusAfterMove(undefined);
  });

  const move = (key: string, direction: 'up' | 'down') => {
    const current = latest.current;
    const index = current.findIndex((column) => column.key === key);
    const to = direction === 'up' ? index - 1 : index + 1;
    if (index < 0 || to < 0 || to >= current.length) return;
    const next = [...current];
    [next[index], next[to]] = [next[to]!, next[index]!];
    setFocusAfterMove({ key, direction });
    changeTo(next);
  };
  const toggle = (key: string, shown: boolean) => {
    const next = latest.current.map((column) => (column.key === key ? { ...column, shown } : column));
    // At least one column stays shown.
    if (next.some((column) => column.shown)) changeTo(next);
  };

  const content = (
    <div className="mirador-columns-menu" role="dialog" aria-label={t.columns}>
      <p className="mirador-columns-hint">{t.columnsHint}</p>
      <ul ref={list} aria-label={t.columnsList} className="mirador-columns-list">
        {columns.map((column, index) => (
          <li key={column.key} data-column-key={column.key}>
            <Checkbox
              checked={column.shown}
              // At least one column stays shown.
              disabled={column.shown && shownCount === 1}
              label={column.header}
              onChange={(event) => toggle(column.key, event.currentTarget.checked)}
              className="mirador-columns-check"
            />
            {(['up', 'down'] as const).map((direction) => {
              const label = direction === 'up' ? t.moveUp(column.header) : t.moveDown(column.header);
              return (
                <Button
                  key={direction}
                  variant="minimal"
                  size="small"
                  icon={direction === 'up' ? 'arrow-up' : 'arrow-down'}
                  data-move={direction}
                  aria-label={label}
                  title={label}
                  disabled={direction === 'up' ? index === 0 : index === columns.length - 1}
                  onClick={() => move(column.key, direction)}
                />
              );
            })}
          </li>
        ))}
      </ul>
      {months && <p className="mirador-columns-hint">{t.columnsMonths}</p>}
      <Button icon="reset" text={t.resetColumns} disabled={!changed} onClick={() => onChange(undefined)} />
    </div>
  );

  return (
    <Popover content={content} placement="bottom-end">
      <Button icon="column-layout" text={t.columns} aria-haspopup="dialog" />
    </Popover>
  );
}
