import { Icon } from '@blueprintjs/core';
import { useState } from 'react';
import { imageUrl } from '../../engine/api/client.ts';

const size = 112;
const frame = { width: size, height: size, borderRadius: '50%', flex: 'none' } as const;

/** A person's photo from the images service (runtime configuration); a placeholder when there is none or it fails. */
export function PersonPhoto({ file, label }: { file: string | null | undefined; label: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!file || failed === file) {
    return (
      <div role="img" aria-label={label} style={{ ...frame, display: 'grid', placeItems: 'center', background: '#E8E1D6' }}>
        <Icon icon="person" size={56} color="#A88E68" />
      </div>
    );
  }
  return <img src={imageUrl(file, 'md')} alt={label} style={{ ...frame, objectFit: 'cover' }} onError={() => setFailed(file)} />;
}
