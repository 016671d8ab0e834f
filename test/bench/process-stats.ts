// CPU time and resident memory of a benchmark's server process, read from /proc (Linux).

import { readFileSync } from 'node:fs';
import type { ServerProcess } from './processes.ts';

const TICKS_PER_SECOND = 100;

/** User + system CPU milliseconds the process (all its threads) has used so far. */
export function cpuMs(server: ServerProcess): number {
  const stat = readFileSync(`/proc/${server.child.pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
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
