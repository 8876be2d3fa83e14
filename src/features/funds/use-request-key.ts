// Shared with the trade forms since they came (src/lib).
export { useRequestKey } from '../../lib/use-request-key.ts';
