import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

/*
 * A printed eMediplan page as a PDF (issue 27): its first pages drawn on a canvas by pdf.js
 * (pdfjs-dist, Mozilla's), loaded only when a PDF is chosen, so that the QR code reader reads them as
 * it reads a photo. Its worker comes from our own origin (the content security policy's 'self').
 */

/** Pages looked at: a plan's QR code is on its first page, the chunks of a long one on the next. */
const PAGES = 3;
/** PDF points to pixels: an A4 page at about 216 dpi, so a 3 cm code is some 250 pixels wide. */
const SCALE = 3;

/** The first pages of a PDF as pictures, in order. Throws when the file is no PDF it can read. */
export async function pdfPageImages(file: Blob): Promise<ImageData[]> {
  const pdfjs = await import('pdfjs-dist');
  pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
  const task = pdfjs.getDocument({
    data: new Uint8Array(await file.arrayBuffer()),
    // No eval of JavaScript (the content security policy refuses it), no fonts fetched: only pictures matter.
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
  });
  try {
    const pdf = await task.promise;
    const images: ImageData[] = [];
    for (let n = 1; n <= Math.min(pdf.numPages, PAGES); n++) {
      const page = await pdf.getPage(n);
      const viewport = page.getViewport({ scale: SCALE });
      const canvas = document.createElement('canvas');
      canvas.width = Math.ceil(viewport.width);
      canvas.height = Math.ceil(viewport.height);
      const context = canvas.getContext('2d', { willReadFrequently: true });
      if (!context) break;
      await page.render({ canvas, canvasContext: context, viewport }).promise;
      images.push(context.getImageData(0, 0, canvas.width, canvas.height));
      page.cleanup();
    }
    return images;
  } finally {
    await task.destroy();
  }
}
