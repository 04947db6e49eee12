/**
 * What other features use of the accounts: the user look-ups and writes that sign-in by a provider
 * and the second step share, a sign-in's second-step challenge, and a user as the API shows it. Routes are not here: app.ts composes them.
 */

export { confirmEmailEmail, resetPasswordEmail } from './emails';
export { newConfirmationLink, newResetLink, RESET_CODE_LIFETIME_MS, sha256Hex } from './links';
export { presentUser } from './presenter';
export {
  findActiveUserById,
  findUserByEmail,
  findUserById,
  insertAccount,
  insertResetCode,
  lockAdminGrant,
  updatePassword,
} from './queries';
export { beginSecondStep } from './second-step';
