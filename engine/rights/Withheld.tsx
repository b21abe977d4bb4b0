import type { RightName } from '../../schema/reportDefinition.ts';
import { withheldText, withheldWhy } from './withheld.ts';

/** "Sin permiso" in place of a figure the employee may not see, saying why on hover. */
export function Withheld({ right }: { right: RightName }) {
  return (
    <span className="report-withheld" title={withheldWhy(right)}>
      {withheldText}
    </span>
  );
}
