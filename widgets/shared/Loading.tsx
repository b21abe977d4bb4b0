import { NonIdealState, Spinner } from '@blueprintjs/core';
import { texts } from '../../engine/texts.ts';

/** The spinner shown while a part of a detail panel loads. */
export function Loading() {
  return <NonIdealState icon={<Spinner aria-label={texts.app.loading} />} description={texts.app.loading} />;
}
