import type { WidgetModule } from '../../engine/widgets/registry.ts';
import { bookingTexts } from './texts.ts';

/** The booking detail panel, opened by a row's booking ref; its code loads on first use. */
const widget: WidgetModule = {
  id: 'booking-detail',
  title: bookingTexts.title,
  load: () => import('./BookingDetail.tsx'),
};

export default widget;
