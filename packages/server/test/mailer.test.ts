import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { registerUser, useTestApp } from './context';

describe('mail without SMTP_URL', () => {
  const t = useTestApp('sqlite');

  it('writes the reset message to data/outbox so a local user can follow the link', async () => {
    const { user } = await registerUser(t.app);
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    const outbox = path.join(t.config.dataDir, 'outbox');
    let files: string[] = [];
    for (let i = 0; i < 50 && files.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 20));
      try {
        files = readdirSync(outbox).filter((f) => f.endsWith('.txt'));
      } catch {}
    }
    expect(files).toHaveLength(1);
    const text = readFileSync(path.join(outbox, files[0] ?? ''), 'utf8');
    expect(text).toContain(`To: ${user.email}`);
    expect(text).toMatch(/http:\/\/localhost:3000\/auth\/reset-password\?code=[\w-]{43}/);
  });
});
