// CPU time and resident memory of a benchmark's server process, read from /proc (Linux).

import { readdirSync, readFileSync } from 'node:fs';
import type { ServerProcess } from './processes.ts';

const TICKS_PER_SECOND = 100;

/** User + system CPU milliseconds the process (all its threads) has used so far. */
export function cpuMs(server: ServerProcess): number {
  return statCpuMs(readFileSync(`/proc/${server.child.pid}/stat`, 'utf8'));
}

/** utime + stime of a /proc stat line (a process's or one thread's), in ms. */
function statCpuMs(stat: string): number {
  // Fields after the command name (which may hold spaces) start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/**
 * CPU milliseconds per thread, grouped by thread name (the main thread, 'ledger-writer', V8's
 * GC and compiler helpers as 'V8Worker', libuv's pool as 'libuv-worker'...): says which thread a
 * process's CPU went to. Threads with the same name are summed.
 */
export function threadCpuMs(server: ServerProcess): Map<string, number> {
  const pid = server.child.pid;
  const byName = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    let stat: string;
    let name: string;
    try {
      stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
    } catch {
      continue; // the thread ended between the listing and the read
    }
    const key = Number(tid) === pid ? 'main thread' : name;
    byName.set(key, (byName.get(key) ?? 0) + statCpuMs(stat));
  }
  return byName;
}

/** `after - before` per thread name, in ms per call, biggest first (threads that used nothing left out). */
export function threadCpuPerCall(before: Map<string, number>, after: Map<string, number>, calls: number): Array<[string, number]> {
  return [...after]
    .map(([name, ms]): [string, number] => [name, (ms - (before.get(name) ?? 0)) / calls])
    .filter(([, perCall]) => perCall > 0)
    .sort((a, b) => b[1] - a[1]);
}

export function rssMb(server: ServerProcess): number {
  const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/** Samples RSS every 200 ms until stop(); returns the peak and the last sample. */
export function sampleRss(server: ServerProcess): { stop(): { peak: number; last: number } } {
  let peak = 0;
  let last = 0;
  const read = () => {
    last = rssMb(server);
    peak = Math.max(peak, last);
  };
  read();
  const timer = setInterval(read, 200);
  return { stop: () => { clearInterval(timer); read(); return { peak, last }; } };
}

/** CPU milliseconds a second each process uses over the next `ms`, with nothing sent to it. */
export async function idleCpuPerSecond(servers: ServerProcess[], ms: number): Promise<number[]> {
  const before = servers.map(cpuMs);
  await new Promise((resolve) => setTimeout(resolve, ms));
  return servers.map((server, i) => (cpuMs(server) - before[i]!) / (ms / 1000));
}
