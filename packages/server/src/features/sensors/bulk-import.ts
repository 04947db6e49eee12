import {
  BOX_IMPORT_MAX_CHARS,
  BOX_IMPORT_MAX_LINES,
  type BoxImportResponse,
  boxImportRequestSchema,
  boxImportResponseSchema,
} from '@dosedot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db';
import { inTransaction } from '../../db/transaction';
import { HttpError, validationError } from '../../lib/errors';
import { userOf } from '../../plugins/auth';
import { audit } from '../audit';
import {
  type BoxLine,
  CsvHeaderError,
  parseDeliveryNote,
  REASON_MESSAGES,
  type RefusedLine,
} from './bulk-import-csv';

/*
 * POST /api/sensor/import (admin; issue 24 item 13, decision 0012): boxes registered from the
 * manufacturer's delivery note. A preview (commit false) writes nothing; a commit checks the lines
 * again inside one transaction and registers every valid one there, unassigned, with one audit line
 * naming them, so a file is never half-registered.
 */

/** A little above the CSV text's limit (JSON quoting): a larger body is answered 413 unread. */
const BODY_LIMIT = BOX_IMPORT_MAX_CHARS * 2 + 1024;
const CHUNK = 500;

const chunks = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

/** The DevEUIs and serial numbers of the candidates that boxes hold already. */
async function registered(db: Db, lines: BoxLine[]) {
  const deveuis = new Set<string>();
  const serials = new Set<string>();
  for (const part of chunks(lines)) {
    const byDeveui = await db
      .selectFrom('sensors')
      .select('deveui')
      .where(
        'deveui',
        'in',
        part.map((l) => l.deveui),
      )
      .execute();
    for (const r of byDeveui) deveuis.add(r.deveui.toUpperCase());
    const bySerial = await db
      .selectFrom('sensors')
      .select('serial_number')
      .where(
        'serial_number',
        'in',
        part.map((l) => l.serial),
      )
      .execute();
    for (const r of bySerial) if (r.serial_number) serials.add(r.serial_number);
  }
  return { deveuis, serials };
}

/** The candidates the database does not hold yet, and the others refused. */
async function check(db: Db, candidates: BoxLine[]) {
  const { deveuis, serials } = await registered(db, candidates);
  const added: BoxLine[] = [];
  const refused: RefusedLine[] = [];
  for (const c of candidates) {
    if (deveuis.has(c.deveui)) refused.push({ line: c.line, deveui: c.deveui, reason: 'deveui_registered' });
    else if (serials.has(c.serial))
      refused.push({ line: c.line, deveui: c.deveui, reason: 'serial_registered' });
    else added.push(c);
  }
  return { added, refused };
}

export const boxImportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/sensor/import',
    {
      bodyLimit: BODY_LIMIT,
      schema: { body: boxImportRequestSchema, response: { 200: boxImportResponseSchema } },
    },
    async (request): Promise<BoxImportResponse> => {
      const { csv, commit } = request.body.data;
      let parsed: ReturnType<typeof parseDeliveryNote>;
      try {
        parsed = parseDeliveryNote(csv, BOX_IMPORT_MAX_LINES);
      } catch (err) {
        if (err instanceof CsvHeaderError)
          throw validationError(err.message, [
            { path: ['data', 'csv'], message: err.message, name: 'ValidationError', code: err.code },
          ]);
        throw err;
      }
      const now = Date.now();
      const result = await inTransaction(app.db, async (trx) => {
        const { added, refused } = await check(trx, parsed.candidates);
        if (!commit || added.length === 0) return { added, refused };
        for (const part of chunks(added)) {
          const inserted = await trx
            .insertInto('sensors')
            .values(
              part.map((b) => ({
                deveui: b.deveui,
                serial_number: b.serial,
                device_profile: b.model,
                name: null,
                created_at: now,
              })),
            )
            .onConflict((oc) => oc.column('deveui').doNothing())
            .returning('id')
            .execute();
          // A box first heard between the check and the insert: nothing of the file is kept.
          if (inserted.length !== part.length)
            throw new HttpError(
              409,
              'ConflictError',
              'Some of these boxes were registered meanwhile; check the file again',
            );
        }
        await audit(trx, {
          actorUserId: userOf(request).id,
          action: 'sensor.bulk_import',
          targetType: 'sensor',
          details: {
            added: added.length,
            refused: parsed.refused.length + refused.length,
            deveuis: added.map((b) => b.deveui),
          },
          ip: request.ip,
        });
        return { added, refused };
      });
      const refused = [...parsed.refused, ...result.refused]
        .sort((a, b) => a.line - b.line)
        .map((r) => ({ ...r, message: REASON_MESSAGES[r.reason] }));
      return {
        data: {
          committed: commit && result.added.length > 0,
          added: result.added,
          refused,
        },
      };
    },
  );
};
