import { fromUnits, toUnits } from '../money/decimal.ts';
import { isOpen } from './trading-hours.ts';
import type { FeedSource, InstrumentSpec, Tick } from './types.ts';

const YEAR_MS = 365.25 * 24 * 3_600_000;
/** Share of open instruments that trade in one step, so tapes do not move in lockstep. */
const TICK_CHANCE = 0.75;

/** mulberry32: a small, fast, seedable PRNG (deterministic prices for a seed). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function hash(text: string): number {
  let h = 2_166_136_261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16_777_619);
  return h >>> 0;
}

interface Path {
  spec: InstrumentSpec;
  random: () => number;
  /** Mid price as a float: only the quantized string leaves the simulator. */
  price: number;
  lastTs: number | undefined;
  volumeDecimals: number;
}

function gaussian(random: () => number): number {
  const u = Math.max(random(), Number.EPSILON);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/**
 * Geometric Brownian motion per instrument with its own volatility and drift, ticking only in
 * its trading hours. The same seed and the same step times give the same ticks.
 */
export class Simulator {
  private readonly paths = new Map<string, Path>();

  constructor(instruments: readonly InstrumentSpec[], seed: number) {
    for (const spec of instruments) {
      this.paths.set(spec.code, {
        spec,
        random: prng(seed ^ hash(spec.code)),
        price: Number(spec.sim.startPrice),
        lastTs: undefined,
        volumeDecimals: spec.sim.tickVolume.split('.')[1]?.length ?? 0,
      });
    }
  }

  /** Moves every open instrument to time `ts` and returns the ticks it made. */
  step(ts: number): Tick[] {
    const ticks: Tick[] = [];
    for (const path of this.paths.values()) {
      const tick = this.move(path, ts);
      if (tick !== undefined) ticks.push(tick);
    }
    return ticks;
  }

  /** Continues each instrument from a known price (after a restart, from the recorded last tick). */
  resume(prices: ReadonlyMap<string, { price: string; ts: number }>): void {
    for (const [code, last] of prices) {
      const path = this.paths.get(code);
      if (path === undefined) continue;
      path.price = Number(last.price);
      path.lastTs = last.ts;
    }
  }

  private move(path: Path, ts: number): Tick | undefined {
    const { spec, random } = path;
    const chance = random();
    const shock = gaussian(random);
    const size = random();
    if (!isOpen(spec.hours, ts)) return undefined;
    if (path.lastTs === undefined) {
      path.lastTs = ts;
      return this.quote(path, ts, size);
    }
    if (chance > TICK_CHANCE || ts <= path.lastTs) return undefined;
    // Closed periods do not count as time passing: prices resume where they stopped.
    const dt = Math.min(ts - path.lastTs, 3_600_000) / YEAR_MS;
    const { volatility: sigma, drift: mu } = spec.sim;
    path.price *= Math.exp((mu - (sigma * sigma) / 2) * dt + sigma * Math.sqrt(dt) * shock);
    path.lastTs = ts;
    return this.quote(path, ts, size);
  }

  private quote(path: Path, ts: number, size: number): Tick {
    const { spec } = path;
    const floor = 10 ** -spec.precision;
    const price = Math.max(path.price, floor).toFixed(spec.precision);
    const base = toUnits(spec.sim.tickVolume, path.volumeDecimals);
    // 0.2x to 1.8x the typical size.
    const volume = (base * BigInt(200 + Math.floor(size * 1600))) / 1000n;
    return { code: spec.code, price, volume: fromUnits(volume, path.volumeDecimals), ts };
  }
}

/** The default feed: the simulator stepped on a timer. */
export class SimulatedFeed implements FeedSource {
  readonly name = 'simulator';
  readonly simulated = true;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    readonly simulator: Simulator,
    private readonly intervalMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async start(onTicks: (ticks: readonly Tick[]) => void): Promise<void> {
    this.timer = setInterval(() => {
      const ticks = this.simulator.step(this.now());
      if (ticks.length > 0) onTicks(ticks);
    }, this.intervalMs);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
