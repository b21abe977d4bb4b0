import type { WidgetModule } from '../../engine/widgets/registry.ts';
import { clientTexts } from './texts.ts';

/** The client detail panel, opened by a client's id (the client list); its code loads on first use. */
const widget: WidgetModule = {
  id: 'client-detail',
  title: clientTexts.title,
  load: () => import('./ClientDetail.tsx'),
};

export default widget;
