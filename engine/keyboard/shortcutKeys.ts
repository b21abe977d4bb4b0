/** What a page shortcut does. */
export type ShortcutAction = 'search' | 'filters' | 'export' | 'print' | 'help';

/** The page's shortcuts, by the character the key types (so `/` works where it is Shift+7, as on Spanish keyboards). */
export const shortcutKeys: Readonly<Record<string, ShortcutAction>> = {
  '/': 'search',
  f: 'filters',
  e: 'export',
  p: 'print',
  '?': 'help',
};

/** Inputs that take no typing: a key pressed on them may still be a shortcut. */
const untypedInputs = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'range', 'color', 'file']);

/** Whether keys pressed on `target` are typing: a text field, a select, or editable content (a dialog's fields included). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (typeof Element === 'undefined' || !(target instanceof Element)) return false;
  if ((target as HTMLElement).isContentEditable) return true;
  const field = target.closest('input, textarea, select, [contenteditable]:not([contenteditable="false"])');
  if (!field) return false;
  return !(field instanceof HTMLInputElement && untypedInputs.has(field.type));
}

export type ShortcutKeyEvent = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'altKey' | 'metaKey' | 'defaultPrevented' | 'isComposing' | 'target'>;

/**
 * The shortcut a key press asks for, or undefined: never while typing in a field, with Ctrl, Alt or Meta held (the
 * browser's and the system's own shortcuts), while composing text, or when something already handled the key. While a
 * panel or dialog is open over the page (`overlayOpen`) only the help fires: the others act on the page behind it.
 */
export function shortcutAction(event: ShortcutKeyEvent, overlayOpen: boolean): ShortcutAction | undefined {
  if (event.ctrlKey || event.altKey || event.metaKey || event.isComposing || event.defaultPrevented) return undefined;
  if (isTypingTarget(event.target)) return undefined;
  const action = shortcutKeys[event.key.length === 1 ? event.key.toLowerCase() : ''];
  if (overlayOpen && action !== 'help') return undefined;
  return action;
}
