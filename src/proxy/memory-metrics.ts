// The memory budget on /metrics: what SIDECAR_MEMORY_MB was split into, the heap limit V8 really
// runs with (the budget's heap share only holds when Node was started with it), and how much of
// the in-flight and buffer bounds the calls under way hold. Read when scraped, never kept.

import v8 from 'node:v8';
import client from 'prom-client';
import type { AdmissionFigures } from './call-admission.ts';
import type { MemoryBudget } from './memory-budget.ts';

export type MemoryFigures = () => { budget: MemoryBudget; admission: AdmissionFigures } | undefined;

export function createMemoryMetrics(registry: client.Registry, figures: MemoryFigures): void {
  const gauge = (name: string, help: string, read: (gauge: client.Gauge<string>) => void, labelNames: string[] = []) =>
    new client.Gauge({ name, help, labelNames, registers: [registry], collect() { read(this); } });
  gauge('sidecar_memory_budget_bytes', 'SIDECAR_MEMORY_MB and its parts: budget, heap (the V8 limit it asks for), buffers (request and response bodies of the calls under way), runtime (left to Node)', (g) => {
    const budget = figures()?.budget;
    if (!budget) return;
    g.set({ part: 'budget' }, budget.budgetBytes);
    g.set({ part: 'heap' }, budget.heapBytes);
    g.set({ part: 'buffers' }, budget.bufferBytes);
    g.set({ part: 'runtime' }, budget.runtimeBytes);
  }, ['part']);
  gauge('sidecar_memory_bound', 'The bounds the memory budget sets: max_in_flight (governed calls under way), max_request_bytes (one request body), max_sessions (session call counts), session_history_bytes', (g) => {
    const budget = figures()?.budget;
    if (!budget) return;
    g.set({ bound: 'max_in_flight' }, budget.maxInFlight);
    g.set({ bound: 'max_request_bytes' }, budget.maxRequestBytes);
    g.set({ bound: 'max_sessions' }, budget.maxSessions);
    g.set({ bound: 'session_history_bytes' }, budget.sessionHistoryBytes);
  }, ['bound']);
  gauge('sidecar_heap_limit_bytes', 'The V8 heap limit this process runs with (NODE_OPTIONS=--max-old-space-size)', (g) => {
    g.set(v8.getHeapStatistics().heap_size_limit);
  });
  gauge('sidecar_calls_in_flight', 'Governed calls under way (counted against max_in_flight); peak: the most since start', (g) => {
    const admission = figures()?.admission;
    if (!admission) return;
    g.set({ value: 'now' }, admission.inFlight);
    g.set({ value: 'peak' }, admission.peakInFlight);
  }, ['value']);
  gauge('sidecar_buffered_bytes', 'Request and response body bytes the calls under way hold (counted against the buffers part); peak: the most since start', (g) => {
    const admission = figures()?.admission;
    if (!admission) return;
    g.set({ value: 'now' }, admission.bufferedBytes);
    g.set({ value: 'peak' }, admission.peakBufferedBytes);
  }, ['value']);
}
