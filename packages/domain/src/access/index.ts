export * from './policies';
