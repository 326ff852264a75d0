export * from './messages';
export * from './form';
export * from './entities/account';
