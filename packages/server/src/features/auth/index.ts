/**
 * What other features use of the accounts: the user look-ups and writes that sign-in by a provider
 * and the second step share, a sign-in's second-step challenge, and a user as the API shows it. Routes are not here: app.ts composes them.
 */
export { presentUser } from './presenter';
export {
  findActiveUserById,
  findUserByEmail,
  findUserById,
  insertAccount,
  insertResetCode,
  updatePassword,
} from './queries';
export { beginSecondStep } from './second-step';
export { RESET_CODE_LIFETIME_MS } from './service';
