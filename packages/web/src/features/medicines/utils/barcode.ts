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

/** The text of the first QR code in a picture (a camera frame, a photo), or null. */
export async function readQrCode(image: Blob | ImageData): Promise<string | null> {
  const { readBarcodes } = await reader();
  const [found] = await readBarcodes(image, { formats: ['QRCode'], tryHarder: true, maxNumberOfSymbols: 1 });
  return found?.isValid ? found.text : null;
}

/** A QR code of the text as a PNG image (the doctor report's). */
export async function qrCodePng(text: string): Promise<Blob> {
  const zxing = await import('zxing-wasm/writer');
  zxing.prepareZXingModule({ overrides: wasmAt(writerWasm) });
  const { image, error } = await zxing.writeBarcode(text, { format: 'QRCode', scale: 4 });
  if (!image) throw new Error(error || 'The QR code could not be written');
  return image;
}
