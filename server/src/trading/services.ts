import type { TradingActivity } from './activity.ts';
import type { Contracts } from './contracts.ts';
import type { TradingEngine } from './engine.ts';
import type { Options } from './options.ts';
import type { TradingInfo } from './trading-info.ts';
import type { SpotDesks } from './spot/desks.ts';
import type { Spot } from './spot/service.ts';

export interface TradingServices {
  contracts: Contracts;
  options: Options;
  info: TradingInfo;
  engine: TradingEngine;
  spot: Spot;
  spotDesks: SpotDesks;
  /** Real-book trade counts, for other capabilities (reward tasks). */
  activity: TradingActivity;
  fundDemo(userId: number): Promise<void>;
}
