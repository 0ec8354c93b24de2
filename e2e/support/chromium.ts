// Chromium's command line for tests and the bench, as root on a machine with no outside network:
// no sandbox, no GPU, and none of the background connections the closed network would refuse.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
