// A minimal SMTP server on loopback that takes its time over every reply, like a distant mail
// server, or (held) answers nothing until released. Enough of the protocol for nodemailer to
// deliver a plain message; it keeps what it got.

import type { AddressInfo } from 'node:net';
import { createServer, type Socket } from 'node:net';

export type SlowSmtp = {
  url: string;
  received: () => number;
  /** From now on no reply is sent (a greeting included) until `release`. */
  hold: () => void;
  release: () => void;
  close: () => Promise<void>;
};

export const startSlowSmtp = async (delayMs: number): Promise<SlowSmtp> => {
  let received = 0;
  let gate: Promise<void> = Promise.resolve();
  let open = () => {};
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    const reply = (line: string) =>
      void gate.then(() => setTimeout(() => socket.writable && socket.write(`${line}\r\n`), delayMs));
    let inData = false;
    let buffer = '';
    reply('220 slow.test ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      while (true) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          buffer = buffer.slice(end + 5);
          inData = false;
          received++;
          reply('250 queued');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const command = buffer.slice(0, newline).toUpperCase();
        buffer = buffer.slice(newline + 2);
        if (command.startsWith('EHLO') || command.startsWith('HELO')) reply('250 slow.test');
        else if (command.startsWith('DATA')) {
          inData = true;
          reply('354 go ahead');
        } else if (command.startsWith('QUIT')) {
          reply('221 bye');
          setTimeout(() => socket.end(), delayMs);
        } else reply('250 ok');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    hold: () => {
      gate = new Promise((resolve) => {
        open = resolve;
      });
    },
    release: () => open(),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
