// Zod 4 compiles a faster object parser with `new Function`, probing first whether `Function('')` is
// allowed. The console's Content-Security-Policy has no 'unsafe-eval', so the probe is refused and
// reported as a violation on every page that builds a schema. jitless skips the probe and the
// compiled path (same results). Zod reads the flag when an object schema is built, so this module
// is the entry's first import. It writes zod's global config object (`z.config()` is the same
// object: zod-jitless.test.ts) rather than importing zod, which would put 5 KB of it on /login.
type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };

const holder = globalThis as ZodGlobal;
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
