import { liveFrame, type LiveFrame } from '../../../contract/live.ts';
import { liveTopics, type LiveData } from '../../../contract/live-frames.ts';

/**
 * A `/message` frame of a live topic, its data checked against the topic's declared schema
 * (a frame that breaks it fails the test); undefined for anything else (the price list).
 */
export function liveOf(raw: Buffer | string): LiveFrame | undefined {
  const parsed = liveFrame.safeParse(JSON.parse(raw.toString()));
  if (!parsed.success) return undefined;
  const schema = (liveTopics as Record<string, { parse(v: unknown): unknown }>)[parsed.data.topic];
  if (schema === undefined) throw new Error(`frame of an undeclared topic ${parsed.data.topic}`);
  schema.parse(parsed.data.data);
  return parsed.data;
}

/** The person's own event in a frame, if it is one. */
export function accountEventOf(raw: Buffer | string): LiveData<'account.events'> | undefined {
  const frame = liveOf(raw);
  if (frame?.topic !== 'account.events') return undefined;
  if (frame.key !== 'me') throw new Error(`a person's frame keyed ${frame.key}`);
  return frame.data as LiveData<'account.events'>;
}
