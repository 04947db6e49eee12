import {
  containsPattern,
  type FreeBoxesQuery,
  type FreeBoxesResponse,
  freeBoxesQuerySchema,
  freeBoxesResponseSchema,
} from '@dosedot/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Database, Db } from '../../db';
import { paginationMeta } from '../../lib/list-query';
import { keepUntil, ofFleet } from '../../plugins/answers';

/*
 * GET /api/sensor/free (issue 24 item 1): every box no patient holds, searched on the server by
 * DevEUI, serial number or name (accents and case ignored: dosedot_fold), a page at a time, with
 * what an administrator picks a box by (serial, model, battery, last heard).
 */

const SEARCHED = ['sensors.deveui', 'sensors.serial_number', 'sensors.name'] as const;

function freeBoxes(db: Db, q: string | undefined) {
  const term = q?.trim() ?? '';
  return db
    .selectFrom('sensors')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('profiles').select('profiles.id').whereRef('profiles.sensor_id', '=', 'sensors.id'),
        ),
      ),
    )
    .where((eb: ExpressionBuilder<Database, 'sensors'>) =>
      term === ''
        ? eb.lit(true)
        : eb.or(
            SEARCHED.map((col) =>
              eb(sql`dosedot_fold(${sql.ref(col)})`, 'like', sql`${containsPattern(term)} escape '\\'`),
            ),
          ),
    );
}

/** One page of free boxes, ordered by DevEUI, and how many match. */
async function listFreeBoxes(db: Db, query: FreeBoxesQuery): Promise<FreeBoxesResponse> {
  const rows = await freeBoxes(db, query.q)
    .select([
      'sensors.id',
      'sensors.deveui',
      'sensors.serial_number',
      'sensors.name',
      'sensors.device_profile',
      'sensors.battery',
      'sensors.last_uplink_at',
    ])
    .orderBy('sensors.deveui')
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  const total = await freeBoxes(db, query.q)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return {
    data: rows.map(({ last_uplink_at, ...r }) => ({
      ...r,
      sensortime: last_uplink_at === null ? null : new Date(last_uplink_at).toISOString(),
    })),
    meta: paginationMeta(query, Number(total.n)),
  };
}

/**
 * The route, registered inside the admin scope of sensorAdminRoutes (admin only). A kept answer
 * (plugins/answers.ts) under the fleet's version, which every write to a box or a profile bumps (an
 * uplink's battery and last-heard time, an assignment), until the data changes: the clock never
 * changes it.
 */
export const freeBoxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sensor/free',
    { schema: { querystring: freeBoxesQuerySchema, response: { 200: freeBoxesResponseSchema } } },
    app.keptAnswer(ofFleet, async (request: FastifyRequest<{ Querystring: FreeBoxesQuery }>) => {
      keepUntil(request, Number.POSITIVE_INFINITY);
      return listFreeBoxes(app.db, request.query);
    }),
  );
};
