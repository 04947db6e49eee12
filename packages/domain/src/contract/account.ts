import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants';
import { TOTP_CODE_MESSAGE } from './two-factor';

/*
 * The patient's own data (issue 23 item 13): GET /api/account/export, everything DoseDot holds
 * about the subject as one JSON file, and DELETE /api/account, the signed-in user's own account.
 */

export const ACCOUNT_PASSWORD_MESSAGE = 'Enter your password';

/** Deleting one's account: the password, and a current code when two-factor sign-in is on. */
export const deleteAccountRequestSchema = z.strictObject({
  password: z
    .string({ message: ACCOUNT_PASSWORD_MESSAGE })
    .min(1, { message: ACCOUNT_PASSWORD_MESSAGE })
    .max(PASSWORD_MAX_LENGTH),
  code: z
    .string({ message: TOTP_CODE_MESSAGE })
    .trim()
    .transform((v) => v.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, { message: TOTP_CODE_MESSAGE }))
    .optional(),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

export const deleteAccountResponseSchema = z.object({ data: z.object({ deleted: z.literal(true) }) });

/** What the export holds: its sections are documented in the file itself (`about`). */
export const ACCOUNT_EXPORT_FORMAT = 'dosedot-account-export/1';
