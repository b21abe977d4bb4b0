import { texts } from '../../engine/texts.ts';
import type { WidgetModule } from '../../engine/widgets/registry.ts';

/** The booking detail panel, opened by a row's booking ref; its code loads on first use. */
const widget: WidgetModule = {
  id: 'booking-detail',
  title: texts.bookingDetail.title,
  load: () => import('./BookingDetail.tsx'),
};

export default widget;
