// A door in front of the HTTP framework: a function that sees each raw request as soon as its
// request line and headers are read, and either answers it itself or passes it on to the server's
// handlers (Fastify). The bidder's hot paths use it (bid-admission.ts, notice-door.ts): what they
// answer there skips the router, the hooks and the reply objects.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** Sees a request first; calls `pass` to hand it on, or answers it and does not. */
export type Door = (request: IncomingMessage, response: ServerResponse, pass: () => void) => void;

/** Puts `door` in front of every 'request' handler the server has now (the last door put is first). */
export const installDoor = (server: Server, door: Door) => {
  const handlers = server.listeners('request') as ((
    request: IncomingMessage,
    response: ServerResponse,
  ) => void)[];
  server.removeAllListeners('request');
  server.on('request', (request: IncomingMessage, response: ServerResponse) =>
    door(request, response, () => {
      for (const handler of handlers) handler.call(server, request, response);
    }),
  );
};
