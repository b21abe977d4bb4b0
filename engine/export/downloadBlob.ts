// Long enough for every browser to start the download before the URL goes away.
const revokeAfterMs = 10_000;

/** Saves a file through a temporary <a download> and revokes its object URL afterwards. */
export function downloadBlob(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), revokeAfterMs);
}
