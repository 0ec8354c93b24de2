// Win and billing notices at the server's door. An exchange sends two notices for every impression
// it sells (nurl and burl), the bidder's busiest traffic after bid requests, and each needs no more
// than its signed token and its price: answered here, in front of Fastify, it skips the router, the
// request and reply objects, the hooks and the serializer. Bench (2,000 notices a second,
// PostgreSQL, two cores): see the bidding README. Anything out of the ordinary (a token that does not
// verify, an escaped path, a repeated price) goes on to the route in tracking-routes.ts, which
// answers it as before: the door only takes what it answers exactly as the route would.
import type { Server, ServerResponse } from 'node:http';
import type { Db } from '../../db/client.ts';
import { toErrorBody } from '../../platform/errors.ts';
import { installDoor } from '../../platform/server-door.ts';
import type { Bidder } from './bidder.ts';
import { priceDecoderOf, recordBilledImpression } from './tracking-service.ts';

/** `/t/win/<token>` or `/t/bill/<token>`, an optional trailing slash, then the query. */
const NOTICE_PATH = /^\/t\/(win|bill)\/([A-Za-z0-9_.-]+)\/?(?:\?(.*))?$/;

/** The query's `price`, undefined when absent, or null when the door leaves the query to the route. */
const priceOf = (query: string | undefined): string | undefined | null => {
  if (!query) return undefined;
  let price: string | undefined;
  for (const pair of query.split('&')) {
    const equals = pair.indexOf('=');
    const name = equals < 0 ? pair : pair.slice(0, equals);
    if (name !== 'price') {
      // An escaped name may spell `price`: the route's parser decides.
      if (name.includes('%')) return null;
      continue;
    }
    // Twice is the route's case (it reads an array); so is an escaped or spaced value.
    if (price !== undefined) return null;
    price = equals < 0 ? '' : pair.slice(equals + 1);
    if (price.includes('%') || price.includes('+')) return null;
  }
  return price;
};

export type NoticeDoorOptions = {
  /** Headers every answer carries besides `cache-control` (the console's security headers). */
  headers?: Record<string, string>;
  onError: (error: unknown) => void;
};

/**
 * Answers win and billing notices (GET) before Fastify sees them: 204 once the notice is durable
 * (recordBilledImpression), as the route does; anything else goes on to the server's handlers.
 */
export const installNoticeDoor = (server: Server, db: Db, bidder: Bidder, options: NoticeDoorOptions) => {
  const answered = { 'cache-control': 'no-store', ...options.headers };
  const answer = (response: ServerResponse, status: number, body?: string) => {
    if (response.destroyed) return;
    if (body === undefined) {
      response.writeHead(status, answered).end();
      return;
    }
    response
      .writeHead(status, {
        ...answered,
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      })
      .end(body);
  };
  installDoor(server, (request, response, pass) => {
    const url = request.url;
    const match = request.method === 'GET' && url?.startsWith('/t/') ? NOTICE_PATH.exec(url) : null;
    const price = match ? priceOf(match[3]) : null;
    const token = match?.[2];
    // Fastify's router takes path parameters of up to 1,024 characters (http-server.ts).
    const tracked = token && token.length <= 1024 && price !== null ? bidder.signer.verify(token) : null;
    if (!match || price === null || !tracked) {
      pass();
      return;
    }
    // A GET has no body to read; one sent all the same is let through, so the connection goes on.
    request.resume();
    const kind = match[1] as 'win' | 'bill';
    const decode = priceDecoderOf(bidder, tracked.exchangeId);
    recordBilledImpression(db, bidder, tracked, { kind, price, decode }, bidder.now()).then(
      () => answer(response, 204),
      (error: unknown) => {
        const body = toErrorBody(error as Error);
        if (body.error_code >= 500) options.onError(error);
        answer(response, body.error_code, JSON.stringify(body));
      },
    );
  });
};
