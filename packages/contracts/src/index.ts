export * from './auth.js';
export * from './catalogue.js';
export * from './constants.js';
export * from './fields.js';
export * from './messages.js';
export * from './money.js';
