export * from './eat';
