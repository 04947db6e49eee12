// The page's first script (index.html, before the app's entry: vite.config.ts): a signed-in page's
// first API reads start now, while the app's code loads (boot/early-reads.ts).
import { startEarlyReads } from './early-reads';

startEarlyReads();
