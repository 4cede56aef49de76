export * from './enums';
export * from './access';
export * from './validation';
export * from './messages';
export * from './hierarchy';
export * from './bet';
export * from './risk';
export * from './settlement';
