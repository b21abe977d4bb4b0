import { Tooltip } from '@blueprintjs/core';
import { InfoSignIcon } from '@blueprintjs/icons';
import type { MouseEvent } from 'react';
import { texts } from '../texts.ts';
import './HelpIcon.css';

// A click on the icon must not sort the column or toggle what holds it.
const stop = (event: MouseEvent) => event.stopPropagation();

/** An info icon beside a figure; hovering or focusing it shows the formula, and its accessible name carries it. */
export function HelpIcon({ label, text }: { label: string; text: string }) {
  return (
    <Tooltip content={text} compact placement="top" className="help-icon-target">
      <button type="button" className="help-icon" aria-label={texts.report.help(label, text)} onClick={stop}>
        <InfoSignIcon size={12} aria-hidden />
      </button>
    </Tooltip>
  );
}
