import { Classes, Dialog } from '@blueprintjs/core';
import type { ReactNode } from 'react';

export interface EntryField {
  label: string;
  value: ReactNode;
}

/** A calendar entry's details in a dialog named by its title: one labelled value per line. */
export function EntryPopup({ title, label, fields, onClose }: { title: string | undefined; label: string; fields: EntryField[]; onClose(): void }) {
  return (
    <Dialog isOpen={title !== undefined} onClose={onClose} title={title ?? label}>
      {title !== undefined ? (
        <div className={Classes.DIALOG_BODY}>
          <dl className="calendar-fields" aria-label={label}>
            {fields.map(({ label, value }) => [<dt key={`${label}-t`}>{label}</dt>, <dd key={`${label}-d`}>{value}</dd>])}
          </dl>
        </div>
      ) : null}
    </Dialog>
  );
}
