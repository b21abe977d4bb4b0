import { Classes, Icon } from '@blueprintjs/core';
import type { HTMLAttributes } from 'react';

/**
 * What opens a Blueprint Select, as one native button. Blueprint wraps the trigger in a <div> that carries
 * aria-expanded and aria-haspopup, which a div may not have (axe: aria-allowed-attr, critical), and a Button inside it
 * was a second control; with `targetTagName: 'button'` Blueprint's own element is the button, styled as Blueprint's,
 * its name the field's label followed by what it shows (a spoken "Área" still finds it, and so does its text).
 */
export function selectTarget(label: string, inputId: string, text: string) {
  const targetProps: HTMLAttributes<HTMLElement> & { type: 'button' } = {
    id: inputId,
    type: 'button',
    'aria-label': `${label}: ${text}`,
    className: `${Classes.BUTTON} ${Classes.FILL} ${Classes.ALIGN_LEFT}`,
  };
  return {
    targetTagName: 'button' as const,
    popoverTargetProps: targetProps,
    children: (
      <>
        <span className={`${Classes.BUTTON_TEXT} ${Classes.FILL}`}>{text}</span>
        <Icon icon="caret-down" />
      </>
    ),
  };
}
