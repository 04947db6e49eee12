export * from './access';
export * from './constants';
export * from './contract';
export * from './locale';
export * from './password';
export { splitFullName } from './profile/names';
export { containsPattern, foldForSearch } from './search/fold';
export * from './storage';
