import type { WidgetModule } from '../../engine/widgets/registry.ts';
import { orderTexts } from './texts.ts';

/** The order detail panel, opened by an order id (from the booking detail's Cobros); its code loads on first use. */
const widget: WidgetModule = {
  id: 'order-detail',
  title: orderTexts.title,
  load: () => import('./OrderDetail.tsx'),
};

export default widget;
