// The company module's entry: what other modules may use of it. They import this file only; the
// module's own files import each other directly.
export { findCompanyForHost } from './company-config-service.ts';
