import { Classes, Section, type SectionProps } from '@blueprintjs/core';
import type { HTMLAttributes } from 'react';

/**
 * A section's title: an h4 under the panel's h3 title, where Blueprint's Section draws an h6 and so skips two levels
 * for a screen reader (axe's heading-order); it looks like Blueprint's own (`widget-section-heading` in
 * engine/report/report.css, beside the panel frame's styles: a stylesheet of the panel's own chunk made the browser
 * fetch that chunk twice when it failed to load).
 */
function SectionHeading({ className, ...props }: HTMLAttributes<HTMLElement>) {
  return <h4 {...props} className={[className, Classes.HEADING, 'widget-section-heading'].filter(Boolean).join(' ')} />;
}

/** A section of a detail panel: Blueprint's compact Section with its title at the right heading level. */
export function DetailSection(props: SectionProps) {
  return <Section compact titleRenderer={SectionHeading} {...props} />;
}
