export * from './constants.js';
export * from './roles.js';
export * as schemas from './schemas/index.js';
