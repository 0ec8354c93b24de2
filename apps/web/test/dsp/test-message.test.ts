// The sentences of apps/api/src/modules/dsp/dsp-connection-test.ts, as the server writes them.
import { describe, expect, it } from 'vitest';
import { describeTestMessage } from '../../src/features/dsp/test-message.ts';

describe('connection test messages', () => {
  it('turns the server’s known sentences into keys with their values', () => {
    expect(describeTestMessage('Connected: the DSP answered with no bid.')).toEqual({
      key: 'test.messages.noBid',
      values: {},
    });
    expect(describeTestMessage('Connected: the DSP answered HTTP 200.')).toEqual({
      key: 'test.messages.connected',
      values: { status: '200' },
    });
    expect(describeTestMessage('The DSP refused the credentials (HTTP 401).')).toEqual({
      key: 'test.messages.refused',
      values: { status: '401' },
    });
    expect(describeTestMessage('The DSP answered HTTP 503.')).toEqual({
      key: 'test.messages.httpStatus',
      values: { status: '503' },
    });
    expect(describeTestMessage('Could not reach the DSP.')).toEqual({
      key: 'test.messages.connectionFailed',
      values: {},
    });
  });

  it('shows anything else as the server wrote it', () => {
    expect(describeTestMessage('Something new happened.')).toEqual({ text: 'Something new happened.' });
  });
});
