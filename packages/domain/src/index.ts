export * from './constants';
export * from './contract';
export { splitFullName } from './profile/names';
export * from './locale';
