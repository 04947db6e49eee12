export * from './adherence';
export * from './admin';
export * from './auth';
export * from './common';
export * from './medicine';
export * from './profile';
export * from './sensor';
export * from './strapi-query';
