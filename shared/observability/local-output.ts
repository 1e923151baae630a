import { useReadableLogs } from '../logger.js';
import { logSink, setMetricsSink } from './metrics.js';

/**
 * Observability for a person at a terminal (the local stack): readable single log lines instead of JSON, and metrics
 * as `metric` debug lines instead of EMF documents (nothing collects EMF off AWS). Call once, before the stack starts.
 */
export function useLocalObservability(): void {
  useReadableLogs();
  setMetricsSink(logSink);
}
