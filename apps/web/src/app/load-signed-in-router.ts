// The signed-in router's chunk with the frame's texts, loaded once: main.tsx starts it while the
// start-up's own requests (the session, the public texts) are on their way when a session is stored,
// and the router (router.tsx) waits for the same promise. Not imported statically: its files would
// weigh on /login.
let loading: Promise<typeof import('./signed-in-router.tsx')> | undefined;

export const loadSignedInRouter = (): Promise<typeof import('./signed-in-router.tsx')> => {
  loading ??= Promise.all([
    import('./signed-in-router.tsx'),
    import('../lib/i18n/i18n.ts').then((i18n) => i18n.initI18n()),
  ]).then(([router]) => router);
  return loading;
};
