import { systemClock, type Clock } from '../../src/domain/clock.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The real clock shifted by a number of days. The seed runs the domain "in the past" to write a year of
 * history through the same services that write the future, then moves back to the real now.
 */
export class MovableClock implements Clock {
  private shiftMs = 0;

  now(): Date {
    return new Date(Date.now() + this.shiftMs);
  }

  readonly elapsedMs = systemClock.elapsedMs;
  readonly sleep = systemClock.sleep;

  /** Moves the clock `days` from the real now (negative: into the past). */
  shiftDays(days: number): void {
    this.shiftMs = days * DAY_MS;
  }

  /** Back to the real now. */
  reset(): void {
    this.shiftMs = 0;
  }
}

/** Prints `seed: <step> … <count> in <seconds>s` lines; a step's clock starts when it is begun. */
export class Progress {
  private readonly startedAt = performance.now();

  /** Starts a step; the answer reports it (and may report intermediate counts). */
  begin(step: string) {
    const started = performance.now();
    const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
    return {
      tick: (done: number, total: number) => console.log(`seed: ${step} … ${done}/${total} in ${seconds()}s`),
      done: (count: number | string) => console.log(`seed: ${step} … ${count} in ${seconds()}s`),
    };
  }

  /** Seconds since the seed began. */
  elapsed(): string {
    return ((performance.now() - this.startedAt) / 1000).toFixed(1);
  }
}

export { mapLimit } from '../../src/shared/map-limit.js';

/** A small seeded generator (mulberry32), so that the same scale always builds the same church. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** `count` distinct items (all of them when there are fewer). */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items];
    const size = Math.min(count, copy.length);
    for (let i = 0; i < size; i++) {
      const j = i + Math.floor(this.next() * (copy.length - i));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy.slice(0, size);
  }
}
