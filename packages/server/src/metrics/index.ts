export {
  NodeMetrics,
  disabledMetrics,
  type Metrics,
  type MetricsHooks,
  type ReadPoolFigures,
} from './node-metrics.js';
export { timedDocumentStore } from './timed-document-store.js';
export { timedBlockStore } from './timed-block-store.js';
export { metricsToken } from './settings.js';
export { countRefusals } from './count-refusals.js';
