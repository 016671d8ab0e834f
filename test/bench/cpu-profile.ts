// Reads a V8 .cpuprofile (node --cpu-prof) and says where the time went: self time by source
// file (ours), package (node_modules) or Node internal module, biggest first.

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** `skipMs`: samples in the first milliseconds of the profile (start-up, warm-up) are left out. */
export function summarizeProfile(profile: CpuProfile, root: string, options: { top?: number; skipMs?: number } = {}): string {
  const top = options.top ?? 18;
  const skipMicros = (options.skipMs ?? 0) * 1000;
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  let total = 0;
  let idle = 0;
  let elapsed = 0;
  profile.samples.forEach((id, index) => {
    const micros = profile.timeDeltas[index] ?? 0;
    elapsed += micros;
    if (elapsed < skipMicros) return;
    const where = bucket(byNode.get(id), root);
    if (where === '(idle)') {
      idle += micros;
      return;
    }
    total += micros;
    self.set(where, (self.get(where) ?? 0) + micros);
  });
  const rows = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);
  const lines = rows.map(([where, micros]) => `  ${((micros / total) * 100).toFixed(1).padStart(5)}%  ${(micros / 1000).toFixed(0).padStart(6)} ms  ${where}`);
  return [`  busy ${(total / 1000).toFixed(0)} ms, idle ${(idle / 1000).toFixed(0)} ms (main thread)`, ...lines].join('\n');
}

function bucket(node: ProfileNode | undefined, root: string): string {
  if (!node) return '(unknown)';
  const { url, functionName } = node.callFrame;
  if (url === '') return functionName.startsWith('(') ? functionName : `(native) ${functionName || 'anonymous'}`;
  const modules = url.lastIndexOf('/node_modules/');
  if (modules !== -1) {
    const rest = url.slice(modules + '/node_modules/'.length).split('/');
    return `node_modules/${rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]}`;
  }
  if (url.startsWith('node:')) return url;
  const local = url.replace(/^file:\/\//, '');
  return local.startsWith(root) ? local.slice(root.length + 1) : local;
}
