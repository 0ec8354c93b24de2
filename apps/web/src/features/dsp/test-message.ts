// The connection test's answer (apps/api/src/modules/dsp/dsp-connection-test.ts) in the user's
// language: the server's known sentences become i18n keys of `dsp` with their values; anything
// else is shown as the server wrote it. Pure, unit-tested.
export type TestMessage = { key: string; values: Record<string, string> } | { text: string };

const PATTERNS: readonly [RegExp, string, readonly string[]][] = [
  [/^Connected: the DSP answered with no bid\.$/, 'test.messages.noBid', []],
  [/^Connected: the DSP answered HTTP (\d{3})\.$/, 'test.messages.connected', ['status']],
  [/^The DSP refused the credentials \(HTTP (\d{3})\)\.$/, 'test.messages.refused', ['status']],
  [/^The DSP answered HTTP (\d{3})\.$/, 'test.messages.httpStatus', ['status']],
  // One sentence for every failure to connect (refused address, closed port, timeout): no port scanner.
  [/^Could not reach the DSP\.$/, 'test.messages.connectionFailed', []],
];

export const describeTestMessage = (message: string): TestMessage => {
  for (const [pattern, key, names] of PATTERNS) {
    const match = pattern.exec(message);
    if (!match) continue;
    const values: Record<string, string> = {};
    names.forEach((name, index) => {
      values[name] = match[index + 1] ?? '';
    });
    return { key, values };
  }
  return { text: message };
};
