import { Button, InputGroup, Spinner } from '@blueprintjs/core';
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
}

/** Keyword search, the row count and the print, Excel and CSV buttons above a table. */
export function Toolbar({ search, onSearch, count, loading, busy, onAction }: ToolbarProps) {
  const t = texts.table;
  return (
    <div className="mirador-table-toolbar">
      {search !== undefined && (
        <InputGroup
          type="search"
          leftIcon="search"
          placeholder={t.search}
          aria-label={t.search}
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
        <Button icon="print" text={t.print} loading={busy === 'print'} disabled={busy !== undefined} onClick={() => onAction('print')} />
        <Button icon="th" text={t.excel} loading={busy === 'xlsx'} disabled={busy !== undefined} onClick={() => onAction('xlsx')} />
        <Button icon="document" text={t.csv} loading={busy === 'csv'} disabled={busy !== undefined} onClick={() => onAction('csv')} />
      </span>
    </div>
  );
}
