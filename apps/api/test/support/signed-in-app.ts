// The start of most API test files: the app over a fresh database and a session of each demo
// account, signed in once.
import { type DemoName, demoTokens } from './admin-fixtures.ts';
import { startTestApp, type TestApp } from './test-app.ts';

export type DemoTokens = Record<DemoName, string>;
export type SignedInApp = { t: TestApp; tok: DemoTokens };

export const startSignedInApp = async (...args: Parameters<typeof startTestApp>): Promise<SignedInApp> => {
  const t = await startTestApp(...args);
  return { t, tok: await demoTokens(t) };
};
