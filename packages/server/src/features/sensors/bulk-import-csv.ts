import { BOX_SERIAL_MAX, type BoxImportReason } from '@dosedot/domain';
import { DEVICE_PROFILES, type DeviceProfile } from '@dosedot/domain/lorawan';
import { CsvError, parse } from 'csv-parse/sync';

/*
 * The manufacturer's delivery note as boxes to register (issue 24 item 13): a pure reading of the
 * CSV text, each line checked on its own and against the lines before it. What the database already
 * holds is checked by bulk-import.ts.
 */

export interface BoxLine {
  line: number;
  deveui: string;
  serial: string;
  model: DeviceProfile;
}

export interface RefusedLine {
  line: number;
  deveui: string;
  reason: BoxImportReason;
  firstLine?: number;
}

/** The text of each reason, in English, as the API's `message` (the web has its own words). */
export const REASON_MESSAGES: Record<BoxImportReason, string> = {
  deveui_missing: 'The DevEUI is missing',
  deveui_invalid: 'The DevEUI must be 16 hexadecimal digits',
  deveui_duplicate: 'This DevEUI is on an earlier line of the file',
  deveui_registered: 'A box with this DevEUI is registered already',
  serial_missing: 'The serial number is missing',
  serial_too_long: `The serial number is longer than ${BOX_SERIAL_MAX} characters`,
  serial_duplicate: 'This serial number is on an earlier line of the file',
  serial_registered: 'A box with this serial number is registered already',
  model_missing: 'The model is missing',
  model_unknown: `The model is not one we know (${DEVICE_PROFILES.join(', ')})`,
  fields: 'The line does not have the columns of the header',
};

/**
 * A problem of the whole file (400 naming data.csv): empty, no header with the three columns, no
 * box below the header, too many boxes; `code` lets the web say it in the page language.
 */
export class CsvHeaderError extends Error {
  constructor(
    readonly code: 'csv_empty' | 'csv_header' | 'csv_no_lines' | 'csv_too_many',
    message: string,
  ) {
    super(message);
  }
}

const COLUMN_NAMES: Record<'deveui' | 'serial' | 'model', string[]> = {
  deveui: ['deveui', 'eui', 'deviceeui'],
  serial: ['serial', 'serialnumber', 'serialno', 'sn'],
  model: ['model', 'devicemodel', 'deviceprofile', 'profile', 'type'],
};

/**
 * The fields of one line, read by csv-parse: separated by `sep`, a field in double quotes may hold
 * it ("" is a quote), spaces around a field (inside its quotes too) dropped. Each line is read on
 * its own, as line numbers and "each line checked on its own" want: a quote left open or a stray
 * character after a closing quote spoils only its line, which then has no fields.
 */
function fieldsOf(line: string, sep: string): string[] {
  try {
    const [record = []] = parse(line, {
      delimiter: sep,
      relax_quotes: true,
      relax_column_count: true,
      trim: true,
    });
    return record.map((field) => field.trim());
  } catch (err) {
    if (err instanceof CsvError) return [];
    throw err;
  }
}

const count = (text: string, c: string) => text.split(c).length - 1;

/** The DevEUI as stored: upper-case hex, the ':' '-' or spaces some notes group it with removed. */
const normalDeveui = (value: string) => value.replace(/[\s:-]/g, '').toUpperCase();

interface ParsedNote {
  candidates: BoxLine[];
  refused: RefusedLine[];
}

/**
 * The lines of the note: the first non-empty line is the header (DevEUI, serial and model in any
 * order, named as COLUMN_NAMES; `;` or `,` between fields, whichever the header uses); empty lines
 * are skipped; line numbers count from 1 as an editor shows them.
 */
export function parseDeliveryNote(text: string, maxLines: number): ParsedNote {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const headerIndex = lines.findIndex((l) => l.trim() !== '');
  const header = lines[headerIndex];
  if (header === undefined) throw new CsvHeaderError('csv_empty', 'The file is empty');
  const sep = count(header, ';') > count(header, ',') ? ';' : ',';
  const names = fieldsOf(header, sep).map((n) => n.toLowerCase().replace(/[^a-z]/g, ''));
  const columns = {
    deveui: names.findIndex((n) => COLUMN_NAMES.deveui.includes(n)),
    serial: names.findIndex((n) => COLUMN_NAMES.serial.includes(n)),
    model: names.findIndex((n) => COLUMN_NAMES.model.includes(n)),
  };
  if (columns.deveui < 0 || columns.serial < 0 || columns.model < 0)
    throw new CsvHeaderError('csv_header', 'The first line must name the columns DevEUI, serial and model');
  const body = lines.slice(headerIndex + 1).map((text, i) => ({ text, line: headerIndex + i + 2 }));
  const filled = body.filter((l) => l.text.replace(/[;,"\s]/g, '') !== '');
  if (filled.length === 0) throw new CsvHeaderError('csv_no_lines', 'The file has no boxes below its header');
  if (filled.length > maxLines)
    throw new CsvHeaderError(
      'csv_too_many',
      `The file has ${filled.length} boxes; one import takes at most ${maxLines}`,
    );

  const candidates: BoxLine[] = [];
  const refused: RefusedLine[] = [];
  const seenDeveui = new Map<string, number>();
  const seenSerial = new Map<string, number>();
  for (const { text: raw, line } of filled) {
    const fields = fieldsOf(raw, sep);
    const deveui = normalDeveui(fields[columns.deveui] ?? '');
    const serial = fields[columns.serial] ?? '';
    const model = (fields[columns.model] ?? '').toLowerCase();
    const refuse = (reason: BoxImportReason, firstLine?: number) =>
      refused.push({
        line,
        deveui: /^[0-9A-F]{16}$/.test(deveui) ? deveui : (fields[columns.deveui] ?? ''),
        reason,
        firstLine,
      });
    const extra = fields.slice(names.length).some((f) => f !== '');
    if (fields.length < 3 || extra) refuse('fields');
    else if (!deveui) refuse('deveui_missing');
    else if (!/^[0-9A-F]{16}$/.test(deveui)) refuse('deveui_invalid');
    else if (seenDeveui.has(deveui)) refuse('deveui_duplicate', seenDeveui.get(deveui));
    else if (!serial) refuse('serial_missing');
    else if (serial.length > BOX_SERIAL_MAX) refuse('serial_too_long');
    else if (seenSerial.has(serial)) refuse('serial_duplicate', seenSerial.get(serial));
    else if (!model) refuse('model_missing');
    else if (!(DEVICE_PROFILES as readonly string[]).includes(model)) refuse('model_unknown');
    else candidates.push({ line, deveui, serial, model: model as DeviceProfile });
    if (/^[0-9A-F]{16}$/.test(deveui) && !seenDeveui.has(deveui)) seenDeveui.set(deveui, line);
    if (serial && !seenSerial.has(serial)) seenSerial.set(serial, line);
  }
  return { candidates, refused };
}
