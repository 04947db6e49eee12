import { chirpstackQuerySchema, ingestResponseSchema } from '@dosedot/domain';
import {
  type ParsedEvent,
  parseChirpstackEvent,
  parseHeliumMessage,
  parseLoriotMessage,
  parseThingparkMessage,
  parseTtsMessage,
} from '@dosedot/domain/lorawan';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError, validationError } from '../../lib/errors';
import type { IngestResult, IngestSource } from './service';

/** A JSON body kept as received too: the uplink row stores the document as the network server sent it. */
interface RawJson {
  raw: string;
  json: unknown;
}

const isRawJson = (v: unknown): v is RawJson =>
  typeof v === 'object' && v !== null && typeof (v as RawJson).raw === 'string';

function bodyOf(request: FastifyRequest): RawJson {
  if (!isRawJson(request.body)) throw validationError('Send the uplink as a JSON body');
  return request.body;
}

/** The webhooks that take one JSON document and read it with their network server's parser. */
const DOCUMENT_WEBHOOKS: {
  path: string;
  parse: (body: unknown, now: number) => ParsedEvent;
  source: IngestSource;
}[] = [
  /** The Things Stack v3 webhook (uplink message). */
  { path: '/ingest/tts', parse: parseTtsMessage, source: 'tts:webhook' },
  /** Actility ThingPark: the tunnel interface / IoT Flow HTTP connection (DevEUI_uplink). */
  { path: '/ingest/thingpark', parse: parseThingparkMessage, source: 'thingpark:webhook' },
  /** Loriot: an HTTP push application output (cmd rx, and gw with radio verbosity). */
  { path: '/ingest/loriot', parse: parseLoriotMessage, source: 'loriot:webhook' },
  /** Helium Console: the HTTP integration. */
  { path: '/ingest/helium', parse: parseHeliumMessage, source: 'helium:webhook' },
];

/**
 * Webhooks of the network servers (ingest scope: Bearer INGEST_TOKEN). Their answers are a few dozen
 * bytes, so the compression plugin's hooks are left off these routes (`compress: false`): they would
 * only find, on every uplink, that there is nothing worth compressing. Each answers after the
 * uplink is committed; a duplicate is acknowledged (200) and not stored again; a document that is
 * not an uplink of that server answers 400 with the reason, naming the field, and nothing is written.
 */
export const ingestRoutes: FastifyPluginAsyncZod = async (app) => {
  const answer = (result: IngestResult) => {
    if (result.result !== 'invalid') return { data: result };
    app.ingest.counters.rejected++;
    throw validationError(
      result.reason,
      result.field === undefined
        ? []
        : [{ path: result.field.split('.'), message: result.reason, name: 'ValidationError' }],
    );
  };

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const raw = String(body);
    try {
      done(null, { raw, json: JSON.parse(raw) as unknown } satisfies RawJson);
    } catch {
      app.ingest.counters.rejected++;
      done(validationError('Malformed JSON in request body'), undefined);
    }
  });
  // ChirpStack's protobuf marshaler: say what to change instead of a bare 415.
  app.addContentTypeParser(
    ['application/octet-stream', 'application/x-protobuf'],
    (_request, _payload, done) =>
      done(
        new HttpError(
          415,
          'UnsupportedMediaTypeError',
          'Only JSON is accepted: set the integration to the JSON marshaler',
        ),
        undefined,
      ),
  );
  // ThingPark's XML content type: the same.
  app.addContentTypeParser(['application/xml', 'text/xml'], (_request, _payload, done) =>
    done(
      new HttpError(
        415,
        'UnsupportedMediaTypeError',
        "Only JSON is accepted: set the ThingPark application's content type to JSON",
      ),
      undefined,
    ),
  );

  for (const { path, parse, source } of DOCUMENT_WEBHOOKS)
    app.post(
      path,
      { compress: false, schema: { response: { 200: ingestResponseSchema } } },
      async (request) => {
        const body = bodyOf(request);
        return answer(await app.ingest.receive(parse(body.json, Date.now()), body.raw, source));
      },
    );

  /** ChirpStack v4 HTTP integration: ?event=up is stored; status, log and every other event are accepted. */
  app.post(
    '/ingest/chirpstack',
    {
      compress: false,
      schema: { querystring: chirpstackQuerySchema, response: { 200: ingestResponseSchema } },
    },
    async (request) => {
      const body = bodyOf(request);
      const event = parseChirpstackEvent(request.query.event, body.json, Date.now());
      return answer(await app.ingest.receive(event, body.raw, 'chirpstack:webhook'));
    },
  );
};
