// `npm run bench`: every benchmark, each printing its result as a ratio against a baseline
// measured in the same run on the same machine. Figures go into docs/performance.md.

import { analyticsBench } from './analytics.bench.ts';
import { embeddedGatewayBench } from './embedded-gateway.bench.ts';
import { jsonParseBench } from './json-parse.bench.ts';
import { ledgerAppendBench } from './ledger-append.bench.ts';
import { ledgerPostgresBench } from './ledger-postgres.bench.ts';
import { patternScanBench } from './pattern-scan.bench.ts';
import { sidecarBench } from './sidecar.bench.ts';
import { sidecarCentralBench } from './sidecar-central.bench.ts';
import { soakBench } from './soak.bench.ts';

const benches = [analyticsBench, embeddedGatewayBench, jsonParseBench, ledgerAppendBench, ledgerPostgresBench, patternScanBench, sidecarBench, sidecarCentralBench, soakBench];
const only = process.argv[2];
for (const bench of benches) {
  if (only && !bench.name.includes(only)) continue;
  console.log(`\n== ${bench.name} ==`);
  await bench.run();
}
