import type { Clock } from '../../src/domain/clock.js';

/**
 * A clock that stands still until a test moves it. Its waits end at once and are recorded, so a test reads how
 * long the service meant to wait instead of timing it.
 */
export class TestClock implements Clock {
  private current: Date;
  readonly sleeps: number[] = [];

  constructor(iso = '2026-03-04T15:00:00Z') {
    this.current = new Date(iso);
  }

  now(): Date {
    return new Date(this.current);
  }

  elapsedMs(): number {
    return this.current.getTime();
  }

  async sleep(milliseconds: number): Promise<void> {
    this.sleeps.push(milliseconds);
  }

  set(iso: string): void {
    this.current = new Date(iso);
  }

  advance(milliseconds: number): void {
    this.current = new Date(this.current.getTime() + milliseconds);
  }
}
