import { texts } from '../../engine/texts.ts';
import type { WidgetModule } from '../../engine/widgets/registry.ts';

/** The order detail panel, opened by an order id (from the booking detail's Cobros); its code loads on first use. */
const widget: WidgetModule = {
  id: 'order-detail',
  title: texts.orderDetail.title,
  load: () => import('./OrderDetail.tsx'),
};

export default widget;
