// The page's first script (index.html, before the app's entry: vite.config.ts): a signed-in page's
// first API reads start now, while the app's code loads (boot/early-reads.ts); then the browser's
// first-time costs the app would meet while it starts are paid in that wait (boot/warm-up.ts).
import { startEarlyReads } from './early-reads';
import { warmUp } from './warm-up';

startEarlyReads();
warmUp();
