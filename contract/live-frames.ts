import type * as z from 'zod/mini';
import { marketTopics } from './market/frames.ts';
import { nftTopics } from './nfts/frames.ts';
import { spotTopics } from './spot/frames.ts';
import { supportTopics } from './support/frames.ts';
import { accountTopics } from './user-channel.ts';

/**
 * Every live topic's data schema, merged from the capabilities' own declarations: the server
 * checks what it sends against them in tests, and the app parses what it receives with them.
 */
export const liveTopics = {
  ...marketTopics,
  ...spotTopics,
  ...nftTopics,
  ...supportTopics,
  ...accountTopics,
} as const;
export type LiveTopicName = keyof typeof liveTopics;
export type LiveData<T extends LiveTopicName> = z.infer<(typeof liveTopics)[T]>;
