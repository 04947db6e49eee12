/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />

/** "0.1.0 (abc1234)": package version and short commit, set by vite.config.ts. */
declare const __APP_VERSION__: string;
