export * from './adherence';
export * from './auth';
export * from './common';
export * from './medicine';
export * from './profile';
