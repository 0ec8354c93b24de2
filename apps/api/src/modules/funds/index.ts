// The funds module's entry: what other modules may use of it. They import this file only; the
// module's own files import each other directly.
export { viewerOf } from './funds-access.ts';
export { listHistory } from './funds-queries.ts';
export { idempotencyHeaders } from './funds-routes.ts';
export { commitMovement } from './movements.ts';
