/** Saves text as a file: a download in the browser, the save dialog in Electron. */
export function downloadFile(file: { fileName: string; mimeType: string; content: string }): void {
  const url = URL.createObjectURL(new Blob([file.content], { type: file.mimeType }));
  const link = document.createElement("a");
  link.href = url;
  link.download = file.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
