/**
 * The process metrics prom-client collects by default (CPU, memory, heap, handles, GC, event-loop
 * lag), in one registry per process: they describe the process, not a node, and collecting them
 * starts observers that live as long as the process, so the nodes a process runs (tests start
 * several) share them.
 */
import { collectDefaultMetrics, Registry } from 'prom-client';

let registry: Registry | undefined;

export function processRegistry(): Registry {
  if (!registry) {
    registry = new Registry();
    // 10 ms: the resolution of the event-loop delay histogram (prom-client's default).
    collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  }
  return registry;
}
