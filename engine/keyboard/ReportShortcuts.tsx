import { Classes, Dialog, DialogBody, HTMLTable } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { texts } from '../texts.ts';
import { shortcutAction, shortcutKeys, type ShortcutAction } from './shortcutKeys.ts';
import { shownTable } from './tableTargets.ts';
import './keyboard.css';

const t = texts.keyboard;

/** The dialog's lines: the keys (each in a <kbd>, alternatives joined by "o") and what they do. */
const pageLines = Object.entries(shortcutKeys).map(([key, action]) => ({ keys: [key], label: t[action] }));
const tableLines = [
  { keys: [t.arrowUp, t.arrowDown], label: t.rows },
  { keys: [t.home, t.end], label: t.firstLast },
  { keys: [t.enter], label: t.open },
  { keys: [t.escape], label: t.close },
];

function ShortcutTable({ caption, lines }: { caption: string; lines: ReadonlyArray<{ keys: string[]; label: string }> }) {
  return (
    <HTMLTable compact className="mirador-shortcuts-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t.key}</th>
          <th scope="col">{t.action}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map(({ keys, label }) => (
          <tr key={label}>
            <td>
              {keys.map((key, index) => (
                <span key={key}>
                  {index > 0 ? ` ${t.or} ` : null}
                  <kbd className={Classes.KEY}>{key}</kbd>
                </span>
              ))}
            </td>
            <td>{label}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

/** Whether a Blueprint panel, drawer or dialog is open over the page (Blueprint marks the body while one is). */
const overlayOpen = () => document.body.classList.contains(Classes.OVERLAY_OPEN);

/**
 * The page's keyboard shortcuts (`/` search, `f` filters, `e` Excel, `p` print, `?` this list), on every report. The
 * table ones act on the table holding the focus, else the first one shown. `onFilters` is undefined on a screen
 * without the filter drawer.
 */
export function ReportShortcuts({ onFilters }: { onFilters: (() => void) | undefined }) {
  const [helpOpen, setHelpOpen] = useState(false);
  const openFilters = useRef(onFilters);
  openFilters.current = onFilters;

  useEffect(() => {
    const run: Record<ShortcutAction, () => boolean> = {
      search: () => shownTable()?.focusSearch() ?? false,
      filters: () => {
        openFilters.current?.();
        return openFilters.current !== undefined;
      },
      export: () => {
        const target = shownTable();
        if (!target?.exportFile) return false;
        target.exportFile();
        return true;
      },
      print: () => {
        shownTable()?.print();
        return true;
      },
      help: () => {
        setHelpOpen(true);
        return true;
      },
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const action = shortcutAction(event, overlayOpen());
      // Handled: the key types nothing (a `/` in the search box it just focused).
      if (action && run[action]()) event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  useEffect(() => {
    if (!helpOpen) return;
    // The list is the top layer from the moment it opens, but Blueprint only hears an Escape inside the dialog, and it
    // moves the focus there a frame later: an Escape in between would close the panel under the list instead.
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      setHelpOpen(false);
    };
    document.addEventListener('keydown', onEscape, true);
    return () => document.removeEventListener('keydown', onEscape, true);
  }, [helpOpen]);

  return (
    <Dialog isOpen={helpOpen} onClose={() => setHelpOpen(false)} title={t.title} className="mirador-shortcuts">
      <DialogBody>
        <ShortcutTable caption={t.pageGroup} lines={pageLines} />
        <ShortcutTable caption={t.tableGroup} lines={tableLines} />
      </DialogBody>
    </Dialog>
  );
}
