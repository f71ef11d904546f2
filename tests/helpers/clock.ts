import type { Clock } from '../../src/domain/clock.js';

/** A clock that stands still until a test moves it. */
export class TestClock implements Clock {
  private current: Date;

  constructor(iso = '2026-03-04T15:00:00Z') {
    this.current = new Date(iso);
  }

  now(): Date {
    return new Date(this.current);
  }

  set(iso: string): void {
    this.current = new Date(iso);
  }

  advance(milliseconds: number): void {
    this.current = new Date(this.current.getTime() + milliseconds);
  }
}
