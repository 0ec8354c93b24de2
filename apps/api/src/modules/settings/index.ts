// The settings module's entry: what other modules may use of it. They import this file only; the
// module's own files import each other directly.
export { readUserSettings } from './user-settings-service.ts';
