/**
 * Saves a downloaded file under `name` (an export, a certificate, a calendar entry): every feature
 * that offers a download saves it with this.
 */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // Long enough for a slow browser to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
