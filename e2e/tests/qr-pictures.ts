import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { deflateSync } from 'node:zlib';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';

/*
 * QR codes as the patient would hand them to the import: a PNG photo, and a printed page as a PDF,
 * made here from a code's text (the same library as the web app; its binary read from the package).
 */

prepareZXingModule({
  overrides: {
    wasmBinary: readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/writer/zxing_writer.wasm'))
      .buffer as ArrayBuffer,
  },
});

/** A QR code as a PNG picture. */
export async function qrPng(text: string): Promise<Buffer> {
  const { image, error } = await writeBarcode(text, { format: 'QRCode', scale: 4 });
  if (!image) throw new Error(error);
  return Buffer.from(await image.arrayBuffer());
}

/** A QR code's modules, rows of true (dark), with a quiet zone of 4 modules around. */
async function qrModules(text: string): Promise<boolean[][]> {
  // The writer's text form: one character for two rows of modules (' ', '▀', '▄', '█').
  const { utf8, error } = await writeBarcode(text, { format: 'QRCode' });
  if (!utf8) throw new Error(error);
  const lines = utf8.split('\n').filter((line) => line.length > 0);
  const rows = lines.flatMap((line) => [
    [...line].map((c) => c === '▀' || c === '█'),
    [...line].map((c) => c === '▄' || c === '█'),
  ]);
  const width = Math.max(...rows.map((r) => r.length)) + 8;
  const blank = () => Array<boolean>(width).fill(false);
  return [
    ...Array.from({ length: 4 }, blank),
    ...rows.map((r) => [
      false,
      false,
      false,
      false,
      ...r,
      ...Array<boolean>(width - 4 - r.length).fill(false),
    ]),
    ...Array.from({ length: 4 }, blank),
  ];
}

/**
 * A one-page A4 PDF (595 × 842 points) with each code as a grey-scale picture, 6 cm wide, one under
 * the other from the top: what a printed eMediplan page gives a scanner. Written by hand (a PDF is
 * a few objects and a table of their offsets), so the test needs no PDF library of its own.
 */
export async function qrPdf(texts: readonly string[]): Promise<Buffer> {
  const objects: Buffer[] = [];
  const add = (body: Buffer | string) =>
    objects.push(Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1'));
  const stream = (dict: string, data: Buffer) =>
    Buffer.concat([
      Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`, 'latin1'),
      data,
      Buffer.from('\nendstream', 'latin1'),
    ]);
  const size = 170; // points: 6 cm
  const images = await Promise.all(texts.map(qrModules));
  const first = 4; // objects 1–3: catalog, pages, page; 4: the contents; then the pictures
  const draw = images
    .map((_, i) => `q ${size} 0 0 ${size} 60 ${842 - 60 - (i + 1) * (size + 20)} cm /Im${i} Do Q`)
    .join('\n');
  const xobjects = images.map((_, i) => `/Im${i} ${first + 1 + i} 0 R`).join(' ');
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add('<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  add(
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << ${xobjects} >> >> /Contents 4 0 R >>`,
  );
  add(stream('', Buffer.from(draw, 'latin1')));
  for (const modules of images) {
    const scale = 4;
    const n = modules.length * scale;
    const pixels = Buffer.alloc(n * n);
    for (let y = 0; y < n; y++)
      for (let x = 0; x < n; x++)
        pixels[y * n + x] = modules[Math.floor(y / scale)]?.[Math.floor(x / scale)] ? 0 : 255;
    add(
      stream(
        `/Type /XObject /Subtype /Image /Width ${n} /Height ${n} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode`,
        deflateSync(pixels),
      ),
    );
  }
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let at = parts[0]?.length ?? 0;
  objects.forEach((body, i) => {
    const obj = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    offsets.push(at);
    parts.push(obj);
    at += obj.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    'startxref',
    String(at),
    '%%EOF',
    '',
  ].join('\n');
  parts.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts);
}
