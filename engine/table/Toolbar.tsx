import { Button, InputGroup, Spinner } from '@blueprintjs/core';
import type { ReactNode, Ref } from 'react';
import { texts } from '../texts.ts';

export type TableAction = 'print' | 'xlsx' | 'csv';

export interface ToolbarProps {
  /** Undefined hides the search box. */
  search: string | undefined;
  onSearch(text: string): void;
  count: number;
  loading: boolean;
  /** The action being prepared, if any. */
  busy: TableAction | undefined;
  onAction(action: TableAction): void;
  /** The search box, for the `/` shortcut. */
  searchRef?: Ref<HTMLInputElement>;
  /** The "Columnas" menu (ColumnsMenu.tsx), first of the actions. Default: none. */
  columnsMenu?: ReactNode;
}

/** Keyword search, the row count, the columns menu and the print, Excel and CSV buttons above a table. */
export function Toolbar({ search, onSearch, count, loading, busy, onAction, searchRef, columnsMenu }: ToolbarProps) {
  const t = texts.table;
  return (
    <div className="mirador-table-toolbar">
      {search !== undefined && (
        <InputGroup
          type="search"
          leftIcon="search"
          placeholder={t.search}
          aria-label={t.search}
          aria-keyshortcuts="/"
          inputRef={searchRef}
          value={search}
          onChange={(event) => onSearch(event.currentTarget.value)}
          className="mirador-table-search"
        />
      )}
      <span className="mirador-table-count" aria-live="polite">
        {t.rowsCount(count)}
      </span>
      {loading && <Spinner size={16} aria-label={texts.app.loading} />}
      <span className="mirador-table-actions">
        {columnsMenu}
        <Button icon="print" text={t.print} aria-keyshortcuts="p" loading={busy === 'print'} disabled={busy !== undefined} onClick={() => onAction('print')} />
        <Button icon="th" text={t.excel} aria-keyshortcuts="e" loading={busy === 'xlsx'} disabled={busy !== undefined} onClick={() => onAction('xlsx')} />
        <Button icon="document" text={t.csv} loading={busy === 'csv'} disabled={busy !== undefined} onClick={() => onAction('csv')} />
      </span>
    </div>
  );
}
