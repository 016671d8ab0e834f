// One gateway process, composed from its parts: what `govgate serve`, the tests and the
// benchmarks start.

export { startGateway } from './start-gateway.ts';
export type { RunningGateway, StartOptions } from './start-gateway.ts';
export { GATEWAY_VERSION } from './package-version.ts';
