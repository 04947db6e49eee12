/** What other features use of two-factor sign-in: the service, for a change that asks for a current code. */
export { createTwoFactorService } from './service';
