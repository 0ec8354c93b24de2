// Helpers for measuring one phase of a scenario: a load generator that prepares first, and a CPU
// profile of this process taken over that phase only.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';

/**
 * This process's garbage collection pauses while on: how many, the longest and their sum (ms). A
 * pause stops every request in the process, so one longer than a latency target shows in its p99.
 */
export const gcPauses = () => {
  const pauses: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) pauses.push(entry.duration);
  });
  return {
    start: () => observer.observe({ entryTypes: ['gc'] }),
    stop: () => {
      observer.disconnect();
      return {
        count: pauses.length,
        maxMs: pauses.reduce((max, ms) => Math.max(max, ms), 0),
        totalMs: pauses.reduce((sum, ms) => sum + ms, 0),
      };
    },
  };
};
/** A gcPauses result as the benches print it. */
export const gcText = (gc: ReturnType<ReturnType<typeof gcPauses>['stop']>) =>
  `${gc.count}, ${gc.maxMs.toFixed(1)} / ${gc.totalMs.toFixed(0)}`;

/**
 * Runs a generator that prints `ready` once prepared and then waits for a line on its stdin: the
 * bench's `onReady` starts its meters before the line is sent. Resolves with the generator's stdout
 * after `ready`; rejects when it exits with an error.
 */
export const runUntilReady = (command: string, args: string[], onReady: () => Promise<void>) =>
  new Promise<string>((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    let ready = false;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
      if (ready || !out.includes('ready\n')) return;
      ready = true;
      out = out.slice(out.indexOf('ready\n') + 'ready\n'.length);
      onReady().then(
        () => child.stdin.write('go\n'),
        (error) => {
          child.kill();
          reject(error);
        },
      );
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 && ready ? resolve(out) : reject(new Error(`${args.join(' ')} exited with ${code}`)),
    );
  });

/**
 * A CPU profile of this process over a phase and a sampling profile of what it allocated (collected
 * or not: the young generation's collections are event loop stalls): `start`, then `stop` writes
 * <dir>/<name>.cpuprofile and <dir>/<name>.heapprofile (both open in Chrome's DevTools).
 */
export const startProfile = async () => {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('HeapProfiler.enable');
  return {
    start: async () => {
      await session.post('HeapProfiler.startSampling', {
        samplingInterval: 16_384,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
      await session.post('Profiler.start');
    },
    stop: async (dir: string, name: string) => {
      const { profile } = await session.post('Profiler.stop');
      const { profile: allocations } = await session.post('HeapProfiler.stopSampling');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
      writeFileSync(join(dir, `${name}.heapprofile`), JSON.stringify(allocations));
      session.disconnect();
    },
  };
};
