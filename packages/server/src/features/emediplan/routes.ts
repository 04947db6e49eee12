import {
  emediplanExportResponseSchema,
  emediplanImportRequestSchema,
  emediplanImportResponseSchema,
  emediplanPreviewRequestSchema,
  emediplanPreviewResponseSchema,
} from '@dosedot/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ofSubject } from '../../plugins/answers';
import { reads, subjectOf, writes } from '../../plugins/subject';
import { createEmediplanService } from './service';

/**
 * eMediplan (issue 27, decision 0014), behind the door: the subject's own plan, or the patient of an
 * administrator's open session (every access in the patient's access log); a caregiver reaches none
 * of it (not among the caregiver's reads).
 */
export const emediplanRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createEmediplanService(app.db, app.config.healthDataKey);

  // A POST for the code's size; it writes nothing but the log of a My Health Data read.
  app.post(
    '/emediplan/preview',
    {
      config: reads('preview_emediplan'),
      schema: { body: emediplanPreviewRequestSchema, response: { 200: emediplanPreviewResponseSchema } },
    },
    async (request) => ({
      data: await service.preview(subjectOf(request), request.body.data.code, request.ip),
    }),
  );

  app.post(
    '/emediplan/import',
    {
      config: writes('import_emediplan', (r) => ({
        lines: (r.body as { data: { lines: { index: number }[] } }).data.lines.map((l) => l.index),
      })),
      schema: { body: emediplanImportRequestSchema, response: { 200: emediplanImportResponseSchema } },
    },
    async (request) => ({
      data: { medicines: await service.import(subjectOf(request), request.body.data, request.ip) },
    }),
  );

  // Kept while the plan is unchanged; but a subject with My Health Data's grant reads the birth date
  // on every export, so each read is in the access log (as the preview's is).
  const keptExport = app.keptAnswer(ofSubject, async (request: FastifyRequest) => ({
    data: await service.export(subjectOf(request), request.ip),
  }));
  app.get(
    '/emediplan/export',
    { config: reads('export_emediplan'), schema: { response: { 200: emediplanExportResponseSchema } } },
    async (request, reply) => {
      const subject = subjectOf(request);
      if (!subject.healthData) return keptExport(request, reply);
      return { data: await service.export(subject, request.ip) };
    },
  );
};
