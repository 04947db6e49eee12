import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataFieldError, notFound } from '../../lib/errors';
import { userOf } from '../../plugins/auth';
import { deleteProfileImage, findProfileImage, saveProfileImage } from './queries';

/** Largest profile picture accepted. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** Image types we accept, told by their first bytes (the declared type must match them). */
const SIGNATURES: Record<string, (b: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/webp': (b) =>
    b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

const WRONG_TYPE = 'Upload a PNG, JPEG or WebP picture';
const typeOf = (header: string | undefined) => (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

/**
 * PUT /api/profile/image (signed-in): the picture as the raw body with its Content-Type (PNG, JPEG
 * or WebP, at most 2 MB). It is served at an unguessable public URL, so an <img> can show it
 * without a token; a new upload gets a new URL.
 */
export const profileImageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(
    Object.keys(SIGNATURES),
    { parseAs: 'buffer', bodyLimit: MAX_IMAGE_BYTES },
    (_r, body, done) => done(null, body),
  );

  app.put(
    '/profile/image',
    {
      bodyLimit: MAX_IMAGE_BYTES,
      schema: { response: { 200: z.object({ profile_img: z.string() }) } },
      // Another type (a GIF, a PDF) is refused before its body is read, naming the types we take,
      // instead of the parser's bare 415.
      preParsing: async (request) => {
        if (!SIGNATURES[typeOf(request.headers['content-type'])]) throw dataFieldError('image', WRONG_TYPE);
      },
    },
    async (request) => {
      const type = typeOf(request.headers['content-type']);
      const check = SIGNATURES[type];
      const body = request.body;
      if (!check || !Buffer.isBuffer(body)) throw dataFieldError('image', WRONG_TYPE);
      if (body.length === 0 || !check(body))
        throw dataFieldError('image', 'The file is not the picture type it claims to be');
      const token = randomBytes(24).toString('base64url');
      const url = `/api/profile-images/${token}`;
      await saveProfileImage(app.db, userOf(request).id, { token, contentType: type, bytes: body, url });
      return { profile_img: url };
    },
  );

  app.delete(
    '/profile/image',
    { schema: { response: { 200: z.object({ profile_img: z.null() }) } } },
    async (request) => {
      await deleteProfileImage(app.db, userOf(request).id);
      return { profile_img: null };
    },
  );
};

/** GET /api/profile-images/{token} (public, unguessable): the picture itself. */
export const publicImageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/profile-images/:token',
    { schema: { params: z.strictObject({ token: z.string().regex(/^[\w-]{32}$/, 'Invalid image') }) } },
    async (request, reply) => {
      const image = await findProfileImage(app.db, request.params.token);
      if (!image) throw notFound('Image not found');
      return reply
        .type(image.content_type)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(Buffer.from(image.bytes));
    },
  );
};
