import readerWasm from 'zxing-wasm/reader/zxing_reader.wasm?url';
import writerWasm from 'zxing-wasm/writer/zxing_writer.wasm?url';

/*
 * QR codes through zxing-wasm (ZXing-C++ as WebAssembly), loaded only when a plan is scanned or a
 * report is made. Its binaries are served from our own origin (the library would fetch them from a
 * CDN, which the content security policy and an offline phone both refuse).
 */

const wasmAt = (url: string) => ({
  locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? url : prefix + path),
});

async function reader() {
  const zxing = await import('zxing-wasm/reader');
  zxing.prepareZXingModule({ overrides: wasmAt(readerWasm) });
  return zxing;
}

/**
 * The texts of the QR codes in a picture (a camera frame, a photo, a PDF page), at most `most`: a
 * page may carry a plan in several codes.
 */
export async function readQrCodes(image: Blob | ImageData, most = 1): Promise<string[]> {
  const { readBarcodes } = await reader();
  const found = await readBarcodes(image, { formats: ['QRCode'], tryHarder: true, maxNumberOfSymbols: most });
  return found.filter((code) => code.isValid).map((code) => code.text);
}

/** The text of the first QR code in a picture, or null. */
export const readQrCode = async (image: Blob | ImageData): Promise<string | null> =>
  (await readQrCodes(image))[0] ?? null;

/** A QR code of the text as a PNG image (the doctor report's). */
export async function qrCodePng(text: string): Promise<Blob> {
  const zxing = await import('zxing-wasm/writer');
  zxing.prepareZXingModule({ overrides: wasmAt(writerWasm) });
  const { image, error } = await zxing.writeBarcode(text, { format: 'QRCode', scale: 4 });
  if (!image) throw new Error(error || 'The QR code could not be written');
  return image;
}
