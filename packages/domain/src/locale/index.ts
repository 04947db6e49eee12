export { isLanguage, languageFromAcceptLanguage, pickLanguage } from './accept-language';
