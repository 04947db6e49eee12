/** Hands JSON to the browser as a download with the given file name. */
export function saveJson(fileName: string, body: unknown, type: string): void {
  const blob = new Blob([`${JSON.stringify(body, null, 2)}\n`], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download synchronously; the URL can go once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
