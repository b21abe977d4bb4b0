import { Button, Menu, MenuDivider, MenuItem, Popover } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { formatValue } from '../../core/format.ts';
import { notifyWarning } from '../notify.ts';
import { useReport } from '../report/ReportContext.tsx';
import { captureView, savedViewKey, type ViewState } from '../../core/report/urlState.ts';
import { onDemand } from '../shell/onDemand.tsx';
import { SubscribeButton } from '../subscriptions/SubscribeButton.tsx';
import { texts } from '../texts.ts';
import { restoreView } from './restoreView.ts';
import { useViewChanges, useViews, type SavedView } from './useViews.ts';
import './views.css';

// The dialogs (a form, its validation) load on first use, keeping them out of every screen's first JavaScript.
const ViewDialog = onDemand(() => import('./ViewDialog.tsx').then((module) => module.ViewDialog));
const ManageViewsDialog = onDemand(() => import('./ManageViewsDialog.tsx').then((module) => module.ManageViewsDialog));

/** A view's identity whatever the order of its params. */
const viewKey = (state: ViewState) => JSON.stringify([state.filters, state.params].map((pairs) => pairs.map((pair) => JSON.stringify(pair)).sort()));

/** "Vistas" beside Filtros: save the current view, open one's own and the shared ones, manage one's own. */
export function ViewsMenu() {
  const { definition, today, searchParams, updateSearchParams } = useReport();
  const { pathname } = useLocation();
  const views = useViews();
  const changes = useViewChanges();
  const [saving, setSaving] = useState(false);
  const [managing, setManaging] = useState(false);
  const [used, setUsed] = useState(false);
  const show = (open: (isOpen: boolean) => void) => () => {
    setUsed(true);
    open(true);
  };

  const here = useMemo(() => (views.data ?? []).filter((view) => view.path === pathname), [views.data, pathname]);
  const mine = here.filter((view) => view.mine);
  const others = here.filter((view) => !view.mine);
  const current = useMemo(() => captureView(definition, searchParams), [definition, searchParams]);
  const currentKey = viewKey(current);
  // The saved view the screen is on (one's own first): "Enviar por correo…" subscribes it.
  const openView = [...mine, ...others].find((view) => viewKey(view.state) === currentKey);

  const open = useCallback(
    (view: SavedView, replace = false) => {
      const { params, dropped } = restoreView(definition, view.state, { today });
      updateSearchParams(() => params, { replace });
      if (dropped.length > 0) notifyWarning(texts.views.partialTitle(view.name), texts.views.partialText(dropped.join(', ')));
    },
    [definition, today, updateSearchParams],
  );

  // A link asks for a view by id (the sidebar's): it opens once the list is in.
  const wanted = searchParams.get(savedViewKey);
  const ready = views.data !== undefined || views.isError;
  useEffect(() => {
    if (wanted === null || !ready) return;
    const view = views.data?.find((v) => String(v.id) === wanted && v.path === pathname);
    if (view) return open(view, true);
    notifyWarning(texts.views.missingTitle, texts.views.missingText);
    updateSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.delete(savedViewKey);
        return next;
      },
      { replace: true },
    );
  }, [wanted, ready]);

  const item = (view: SavedView) => (
    <MenuItem
      key={view.id}
      icon={view.shared ? 'people' : 'person'}
      text={view.name}
      label={view.mine ? undefined : texts.views.sharedBy(formatValue('fullName', view.owner))}
      active={viewKey(view.state) === currentKey}
      onClick={() => open(view)}
    />
  );

  return (
    <>
      <Popover
        placement="bottom-start"
        content={
          <Menu aria-label={texts.views.menu} className="views-menu">
            <MenuItem icon="floppy-disk" text={texts.views.save} onClick={show(setSaving)} />
            {mine.length > 0 ? <MenuDivider title={texts.views.mine} /> : null}
            {mine.map(item)}
            {others.length > 0 ? <MenuDivider title={texts.views.shared} /> : null}
            {others.map(item)}
            {mine.length > 0 ? (
              <>
                <MenuDivider />
                <MenuItem icon="edit" text={texts.views.manage} onClick={show(setManaging)} />
              </>
            ) : null}
          </Menu>
        }
      >
        <Button icon="bookmark" endIcon="caret-down" text={texts.views.menu} />
      </Popover>
      <SubscribeButton view={openView} />
      {used ? (
        <>
          <ViewDialog
            isOpen={saving}
            title={texts.views.saveTitle}
            hint={texts.views.saveHint}
            initial={{ name: '', shared: false }}
            onSubmit={(values) => changes.create.mutateAsync({ reportId: definition.id, path: pathname, ...values, state: current })}
            onClose={() => setSaving(false)}
          />
          <ManageViewsDialog isOpen={managing} views={mine} changes={changes} onClose={() => setManaging(false)} />
        </>
      ) : null}
    </>
  );
}
