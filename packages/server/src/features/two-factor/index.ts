/** What other features use of two-step sign-in: the challenge a sign-in gets instead of a token. */
export { beginSecondStep } from './service';
