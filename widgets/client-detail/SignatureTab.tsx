import { NonIdealState } from '@blueprintjs/core';
import { useState } from 'react';
import { imageUrl } from '../../engine/api/client.ts';
import { clientTexts } from './texts.ts';

const t = clientTexts;

/** Firma: the signature picture from the images service, or a clear "Sin firma". */
export function SignatureTab({ file }: { file: string | null }) {
  const [failed, setFailed] = useState(false);
  if (!file) return <NonIdealState icon="draw" title={t.noSignature} description={t.noSignatureText} />;
  if (failed) return <NonIdealState icon="error" title={t.signature} description={t.signatureFailed} />;
  return (
    <figure style={{ margin: 0 }}>
      <img
        src={imageUrl(file, 'lg')}
        alt={t.signature}
        style={{ maxWidth: '100%', maxHeight: 320, border: '1px solid #E8E1D6', background: '#fff' }}
        onError={() => setFailed(true)}
      />
    </figure>
  );
}
