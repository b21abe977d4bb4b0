import { WidgetSlot } from '../widgets/WidgetSlot.tsx';
import type { BlockViewProps } from './blockViewProps.ts';
import { useReport } from './ReportContext.tsx';

const noop = () => undefined;

/** A widget embedded in the page (the calendars); it may open other widgets full-screen. */
export function WidgetBlock({ block }: BlockViewProps<'widget'>) {
  const { openWidget } = useReport();
  return (
    <WidgetSlot
      id={block.widget}
      widgetProps={{
        widgetKey: '',
        onClose: noop,
        openWidget,
        ...(block.options ? { options: block.options } : {}),
        ...(block.source ? { source: block.source } : {}),
      }}
    />
  );
}
