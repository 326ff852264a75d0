export * from './detect';
export * from './types';
