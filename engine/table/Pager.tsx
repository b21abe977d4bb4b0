import { Button, HTMLSelect } from '@blueprintjs/core';
import { texts } from '../texts.ts';
import { allRowsThreshold } from '../../core/table/initialTableState.ts';

export interface PagerProps {
  page: number;
  pageCount: number;
  pageSize: number;
  /** Undefined hides the page size choice. */
  pageSizes: readonly number[] | undefined;
  onPage(page: number): void;
  onPageSize(size: number): void;
}

export const pageSizeLabel = (size: number) => (size >= allRowsThreshold ? texts.table.allRows : String(size));

/** Page size choice and previous / next page under a table. */
export function Pager({ page, pageCount, pageSize, pageSizes, onPage, onPageSize }: PagerProps) {
  const t = texts.table;
  const pages = Math.max(pageCount, 1);
  return (
    <div className="mirador-table-pager">
      {pageSizes && (
        <label className="mirador-table-page-size">
          {t.rowsPerPage}
          <HTMLSelect
            value={pageSize}
            onChange={(event) => onPageSize(Number(event.currentTarget.value))}
            options={pageSizes.map((size) => ({ value: size, label: pageSizeLabel(size) }))}
          />
        </label>
      )}
      <span>{t.pageOf(Math.min(page, pages), pages)}</span>
      <Button icon="chevron-left" text={t.previous} disabled={page <= 1} onClick={() => onPage(page - 1)} />
      <Button endIcon="chevron-right" text={t.next} disabled={page >= pages} onClick={() => onPage(page + 1)} />
    </div>
  );
}
