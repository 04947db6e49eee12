import { describe, expect, it } from 'vitest';
import { ENGINES, registerUser, useTestApp } from './context';

// The smallest valid PNG (1×1, transparent).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);

describe.each(ENGINES)('the profile picture on %s', (engine) => {
  const t = useTestApp(engine);
  const upload = (headers: Record<string, string>, type: string, body: Buffer) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/profile/image',
      headers: { ...headers, 'content-type': type },
      payload: body,
    });

  it('answers 401 without a token', async () => {
    expect((await upload({}, 'image/png', PNG)).statusCode).toBe(401);
  });

  it('refuses another type, a file that is not what it claims, and one over 2 MB', async () => {
    const { auth } = await registerUser(t.app);
    const text = await upload(auth, 'text/plain', Buffer.from('hello'));
    expect(text.statusCode).toBe(400);
    expect(text.json().error.details.errors[0]).toMatchObject({
      path: ['data', 'image'],
      message: 'Upload a PNG, JPEG or WebP picture',
    });
    // A type without a parser of its own (it was a bare 415 'Unsupported Media Type').
    for (const type of ['image/gif', 'application/pdf', 'image/heic']) {
      const other = await upload(auth, type, Buffer.from('GIF89a'));
      expect(other.statusCode).toBe(400);
      expect(other.json().error.details.errors[0]).toMatchObject({
        path: ['data', 'image'],
        message: 'Upload a PNG, JPEG or WebP picture',
      });
    }
    const lie = await upload(auth, 'image/png', JPEG);
    expect(lie.statusCode).toBe(400);
    expect(lie.json().error.details.errors[0]).toMatchObject({ path: ['data', 'image'] });
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    expect((await upload(auth, 'image/png', big)).statusCode).toBe(413);
    expect((await t.app.inject({ url: '/api/users/me', headers: auth })).json().profile_img).toBeNull();
  });

  it('keeps one picture when it is uploaded twice at the same moment (a double tap)', async () => {
    const { auth } = await registerUser(t.app);
    const answers = await Promise.all([1, 2, 3].map(() => upload(auth, 'image/png', PNG)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const url = (await t.app.inject({ url: '/api/users/me', headers: auth })).json().profile_img as string;
    expect(url).toMatch(/^\/api\//);
    const image = await t.app.inject({ url });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(PNG)).toBe(true);
  });

  it('stores the picture, serves it at an unguessable URL, and removes it', async () => {
    const { auth } = await registerUser(t.app);
    const res = await upload(auth, 'image/png', PNG);
    expect(res.statusCode).toBe(200);
    const url = res.json().profile_img as string;
    expect(url).toMatch(/^\/api\/profile-images\/[\w-]{32}$/);
    expect((await t.app.inject({ url: '/api/users/me', headers: auth })).json().profile_img).toBe(url);
    const image = await t.app.inject({ url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);

    const again = (await upload(auth, 'image/jpeg', JPEG)).json().profile_img;
    expect(again).not.toBe(url);
    expect((await t.app.inject({ url })).statusCode).toBe(404);

    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/profile/image', headers: auth })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ url: again })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/users/me', headers: auth })).json().profile_img).toBeNull();
  });
});
