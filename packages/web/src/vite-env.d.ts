/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />

/** "0.1.0 (abc1234)": package version and short commit, set by vite.config.ts. */
declare const __APP_VERSION__: string;

/**
 * The webfont (webfont.ts): each face's file URL in the build and characters, Latin first; the
 * fallback faces made to its metrics and the theme's font stack.
 */
declare module 'virtual:dosedot-webfont' {
  export const WEBFONT_FAMILY: string;
  export const WEBFONT_WEIGHTS: string;
  export const WEBFONT_FACES: readonly { url: string; unicodeRange: string }[];
  /** `@font-face` rules of local fonts scaled to the webfont's metrics. */
  export const FALLBACK_FACES: string;
  /** The webfont, its fallbacks, then the platform's fonts (CSS font-family). */
  export const FONT_FAMILY: string;
}

/** One language's group of texts (texts.ts, src/i18n/parts.ts): its parts' catalogs merged. */
declare module 'virtual:dosedot-texts/*' {
  const catalog: import('./i18n/merge').Catalog;
  export default catalog;
}
