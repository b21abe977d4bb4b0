// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { isTypingTarget, shortcutAction, type ShortcutKeyEvent } from './shortcutKeys.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

/** An element made from HTML and put in the document. */
function element(html: string, select = '*'): Element {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  document.body.append(holder);
  return holder.querySelector(select)!;
}

const press = (key: string, target: EventTarget | null = document.body, extra: Partial<ShortcutKeyEvent> = {}): ShortcutKeyEvent => ({
  key,
  target,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  defaultPrevented: false,
  isComposing: false,
  ...extra,
});

describe('isTypingTarget', () => {
  it.each([
    ['a text input', '<input type="text">', 'input'],
    ['a search input', '<input type="search">', 'input'],
    ['an input with no type', '<input>', 'input'],
    ['a number input', '<input type="number">', 'input'],
    ['a textarea', '<textarea></textarea>', 'textarea'],
    ['a select', '<select><option>a</option></select>', 'select'],
    ['contenteditable', '<div contenteditable="true"><b>x</b></div>', 'b'],
    ['contenteditable with no value', '<div contenteditable><b>x</b></div>', 'b'],
    ['a field inside an open dialog', '<div role="dialog"><label>Desde <input type="text"></label></div>', 'input'],
  ])('is typing in %s', (_what, html, select) => {
    expect(isTypingTarget(element(html, select))).toBe(true);
  });

  it.each([
    ['the page', '<main><p>x</p></main>', 'p'],
    ['a button', '<button>x</button>', 'button'],
    ['a checkbox', '<input type="checkbox">', 'input'],
    ['a radio', '<input type="radio">', 'input'],
    ['a table row', '<table><tbody><tr tabindex="0"><td>x</td></tr></tbody></table>', 'tr'],
    ['contenteditable="false"', '<div contenteditable="false"><b>x</b></div>', 'b'],
  ])('is not typing on %s', (_what, html, select) => {
    expect(isTypingTarget(element(html, select))).toBe(false);
  });

  it('is not typing without an element (the window, nothing)', () => {
    expect(isTypingTarget(window)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe('shortcutAction', () => {
  it('maps each key to its action, letters in either case', () => {
    expect(['/', 'f', 'e', 'p', '?', 'F', 'E', 'P'].map((key) => shortcutAction(press(key), false))).toEqual([
      'search',
      'filters',
      'export',
      'print',
      'help',
      'filters',
      'export',
      'print',
    ]);
  });

  it('ignores other keys', () => {
    for (const key of ['a', 'Enter', 'Escape', 'ArrowDown', 'F1', ' ', 'Dead']) expect(shortcutAction(press(key), false)).toBeUndefined();
  });

  it('fires nothing with Ctrl, Alt or Meta held (Ctrl+F, Ctrl+P, Alt+E are the browser’s)', () => {
    for (const modifier of ['ctrlKey', 'altKey', 'metaKey'] as const) {
      for (const key of ['/', 'f', 'e', 'p', '?']) expect(shortcutAction(press(key, document.body, { [modifier]: true }), false)).toBeUndefined();
    }
  });

  it('fires with Shift held (? is Shift+/ and / is Shift+7 on a Spanish keyboard)', () => {
    expect(shortcutAction(press('?', document.body), false)).toBe('help');
    expect(shortcutAction(press('/', document.body), false)).toBe('search');
  });

  it('fires nothing while typing in a field, composing text, or when the key was already handled', () => {
    const input = element('<input type="search">');
    for (const key of ['/', 'f', 'e', 'p', '?']) expect(shortcutAction(press(key, input), false)).toBeUndefined();
    expect(shortcutAction(press('f', document.body, { isComposing: true }), false)).toBeUndefined();
    expect(shortcutAction(press('f', document.body, { defaultPrevented: true }), false)).toBeUndefined();
  });

  it('over an open panel or dialog, only the help fires', () => {
    const button = element('<div role="dialog"><button>x</button></div>', 'button');
    expect(['/', 'f', 'e', 'p'].map((key) => shortcutAction(press(key, button), true))).toEqual([undefined, undefined, undefined, undefined]);
    expect(shortcutAction(press('?', button), true)).toBe('help');
  });
});
