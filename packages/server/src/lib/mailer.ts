import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise each message is logged and written to
 * <DATA_DIR>/outbox/ so a local user can follow its link.
 */
export function createMailer(opts: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(opts.dataDir, 'outbox');
  return {
    async send(mail) {
      await mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${Date.now()}-${randomBytes(3).toString('hex')}.txt`);
      const body = `From: ${opts.from}\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`;
      // Written under a temporary name and renamed: a reader never sees half a message.
      await writeFile(`${file}.tmp`, body, { mode: 0o600 });
      await rename(`${file}.tmp`, file);
      opts.log.info(
        { to: mail.to, subject: mail.subject, file },
        'e-mail written to the outbox (no SMTP_URL)',
      );
    },
    close: () => {},
  };
}
