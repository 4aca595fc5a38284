/** Hands the browser a file to save, the way a link with `download` does. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the next task; the blob can go then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
