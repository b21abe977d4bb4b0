import { Tag } from '@blueprintjs/core';
import { texts } from '../texts.ts';
import type { FilterDescription } from '../../core/filters/describeFilters.ts';

/** The applied filters as chips above the blocks. */
export function FilterSummary({ items }: { items: readonly FilterDescription[] }) {
  if (items.length === 0) return null;
  return (
    <ul className="filter-summary" aria-label={texts.report.appliedFilters}>
      {items.map((item, index) => (
        <li key={index}>
          <Tag minimal round>
            <span className="filter-summary-label">{item.label}:</span> {item.value}
          </Tag>
        </li>
      ))}
    </ul>
  );
}
