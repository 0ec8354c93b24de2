// An answer given before the request body was read (413 for a body over the limit, 401 before an
// upload, a refused multipart form) is only readable when the client may finish sending: a server
// that answers and closes while the body is still arriving resets the connection, and a client still
// writing (a browser's or Node's fetch) then reports a network error instead of the answer. So the
// rest of the body is read and thrown away first, up to a bound in bytes and in time; past the bound
// the answer goes out anyway and the connection closes.
import type { IncomingMessage } from 'node:http';

const DISCARD_MAX_BYTES = 32 * 1024 * 1024;
const DISCARD_MAX_MS = 10_000;

export const discardUnreadBody = (
  raw: IncomingMessage,
  bounds: { maxBytes: number; maxMs: number } = { maxBytes: DISCARD_MAX_BYTES, maxMs: DISCARD_MAX_MS },
): Promise<void> => {
  if (raw.complete || raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    const finish = () => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', finish);
      raw.off('close', finish);
      raw.off('error', finish);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > bounds.maxBytes) finish();
    };
    const timer = setTimeout(finish, bounds.maxMs);
    raw.on('data', onData);
    raw.on('end', finish);
    raw.on('close', finish);
    raw.on('error', finish);
    raw.resume();
  });
};
