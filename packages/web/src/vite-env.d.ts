/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />

/** "0.1.0 (abc1234)": package version and short commit, set by vite.config.ts. */
declare const __APP_VERSION__: string;

/** The webfont's faces (webfont.ts): each file's URL in the build and its characters, Latin first. */
declare module 'virtual:dosedot-webfont' {
  export const WEBFONT_WEIGHTS: string;
  export const WEBFONT_FACES: readonly { url: string; unicodeRange: string }[];
}
