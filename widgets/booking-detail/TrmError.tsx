import { Button, Callout } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../engine/api/queryKeys.ts';
import { texts } from '../../engine/texts.ts';
import { bookingTexts } from './texts.ts';

/** Says why the USD equivalents read "—" and asks for today's TRM again. */
export function TrmError() {
  const queryClient = useQueryClient();
  return (
    <Callout intent="warning" icon="warning-sign" title={texts.errors.trmTitle}>
      <p>{bookingTexts.trmUnavailable}</p>
      <Button icon="refresh" text={texts.app.retry} onClick={() => void queryClient.refetchQueries({ queryKey: queryKeys.trm() })} />
    </Callout>
  );
}
