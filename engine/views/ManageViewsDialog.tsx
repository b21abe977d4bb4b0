import { Alert, Button, Dialog, DialogBody, DialogFooter, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { texts } from '../texts.ts';
import type { SavedView, useViewChanges } from './useViews.ts';
import { ViewDialog } from './ViewDialog.tsx';

export interface ManageViewsDialogProps {
  isOpen: boolean;
  /** The employee's own views of this screen. */
  views: SavedView[];
  changes: ReturnType<typeof useViewChanges>;
  onClose(): void;
}

/** The owner's views of a screen, each renamed (and shared or not) or deleted after a confirmation. */
export function ManageViewsDialog({ isOpen, views, changes, onClose }: ManageViewsDialogProps) {
  const [editing, setEditing] = useState<SavedView>();
  const [deleting, setDeleting] = useState<SavedView>();
  return (
    <>
      <Dialog isOpen={isOpen} onClose={onClose} title={texts.views.manageTitle}>
        <DialogBody>
          {views.length === 0 ? <p>{texts.views.none}</p> : null}
          <ul className="views-manage-list" aria-label={texts.views.manageTitle}>
            {views.map((view) => (
              <li key={view.id} className="views-manage-item">
                <span className="views-manage-name">{view.name}</span>
                <Tag minimal>{view.shared ? texts.views.sharedMark : texts.views.privateMark}</Tag>
                <Button variant="minimal" icon="edit" text={texts.views.rename} aria-label={texts.views.renameOf(view.name)} onClick={() => setEditing(view)} />
                <Button variant="minimal" intent="danger" icon="trash" text={texts.views.delete} aria-label={texts.views.deleteOf(view.name)} onClick={() => setDeleting(view)} />
              </li>
            ))}
          </ul>
        </DialogBody>
        <DialogFooter actions={<Button text={texts.report.close} onClick={onClose} />} />
      </Dialog>
      <ViewDialog
        isOpen={editing !== undefined}
        title={texts.views.editTitle}
        initial={{ name: editing?.name ?? '', shared: editing?.shared ?? false }}
        onSubmit={(values) => changes.update.mutateAsync({ id: editing!.id, change: values })}
        onClose={() => setEditing(undefined)}
      />
      <Alert
        isOpen={deleting !== undefined}
        intent="danger"
        icon="trash"
        confirmButtonText={texts.views.delete}
        cancelButtonText={texts.views.cancel}
        onCancel={() => setDeleting(undefined)}
        onConfirm={() => {
          if (deleting) changes.remove.mutate(deleting.id);
          setDeleting(undefined);
        }}
      >
        <p>{deleting ? texts.views.deleteConfirm(deleting.name) : null}</p>
      </Alert>
    </>
  );
}
