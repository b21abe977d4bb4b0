import { formatValue } from '../../core/format.ts';
import { reportTitle } from '../../core/definitions.ts';
import { generatedAtText } from '../../core/export/reportHeader.ts';
import type { DayRange } from '../../core/filters/dates.ts';
import { describeFilters } from '../../core/filters/describeFilters.ts';
import { useReport } from '../../engine/report/ReportContext.tsx';
import { getSession } from '../../engine/session/session.ts';
import { texts } from '../../engine/texts.ts';
import { calendarTexts } from './texts.ts';

/** What a printed calendar carries on top: the report title, when and by whom, the filters and the days shown. */
export function CalendarPrintHeader({ printedAt, range }: { printedAt: Date; range: DayRange }) {
  const report = useReport();
  const employee = getSession()?.employee;
  const filters = [
    ...describeFilters(report.definition, report.filters, report.today),
    { label: calendarTexts.period, value: `${formatValue('date', range.from)} - ${formatValue('date', range.to)}` },
  ];
  return (
    <header className="calendar-print-header">
      <h1>{reportTitle(report.definition, report.routeParams)}</h1>
      <p>
        {`${texts.print.printedAt} ${generatedAtText(printedAt)}`}
        {employee ? ` · ${texts.print.printedBy} ${formatValue('fullName', employee)}` : null}
      </p>
      <dl>
        {filters.map(({ label, value }) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </header>
  );
}
