// @vitest-environment jsdom
import { afterEach, expect, it, vi } from 'vitest';
import { downloadBlob } from './downloadBlob.ts';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

it('clicks a hidden download link to an object URL, removes it, and revokes the URL afterwards', () => {
  vi.useFakeTimers();
  URL.createObjectURL = vi.fn(() => 'blob:test/1');
  URL.revokeObjectURL = vi.fn();
  const clicked: Array<{ download: string; href: string; attached: boolean }> = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ download: this.download, href: this.href, attached: this.isConnected });
  });

  downloadBlob(new Blob(['x']), 'Reservas.xlsx');

  expect(clicked).toEqual([{ download: 'Reservas.xlsx', href: 'blob:test/1', attached: true }]);
  expect(document.querySelector('a')).toBeNull();
  expect(URL.revokeObjectURL).not.toHaveBeenCalled();
  vi.runAllTimers();
  expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:test/1');
});
