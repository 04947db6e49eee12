import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { registerUser, useTestApp } from './context';

describe('mail without SMTP_URL', () => {
  const t = useTestApp('sqlite');

  it('writes the confirmation and the reset message to data/outbox so a local user can follow the links', async () => {
    const { user } = await registerUser(t.app);
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    const outbox = path.join(t.config.dataDir, 'outbox');
    let files: string[] = [];
    for (let i = 0; i < 50 && files.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 20));
      try {
        files = readdirSync(outbox).filter((f) => f.endsWith('.txt'));
      } catch {}
    }
    // Registration mails the confirmation link, then the reset link follows.
    expect(files).toHaveLength(2);
    const texts = files.map((f) => readFileSync(path.join(outbox, f), 'utf8'));
    for (const text of texts) expect(text).toContain(`To: ${user.email}`);
    expect(texts.join('\n')).toMatch(
      /http:\/\/localhost:3000\/auth\/email-confirmation\?confirmation=[\w-]{43}/,
    );
    expect(texts.join('\n')).toMatch(/http:\/\/localhost:3000\/auth\/reset-password\?code=[\w-]{43}/);
  });
});
