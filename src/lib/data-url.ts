/**
 * A Blob as a data: URL. Images fetched with a token are shown this way: the server's
 * Content-Security-Policy allows data: images, not blob: ones.
 */
export function dataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
}
