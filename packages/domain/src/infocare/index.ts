export * from './activities';
export * from './alerts';
export * from './routine';
export * from './stats';
export * from './today';
export * from './quiet';
export * from './trends';
export * from './all-is-well';
