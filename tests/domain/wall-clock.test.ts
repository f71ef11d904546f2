import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { wallClock } from '../../src/domain/clock.js';

describe('wallClock', () => {
  it('answers each instant in its own zone, the same second asked again or not', () => {
    const instant = new Date('2026-03-08T06:59:59.200Z');
    assert.equal(wallClock(instant, 'America/New_York'), '2026-03-08 01:59:59');
    assert.equal(wallClock(new Date('2026-03-08T06:59:59.900Z'), 'America/New_York'), '2026-03-08 01:59:59');
    assert.equal(wallClock(instant, 'Europe/Madrid'), '2026-03-08 07:59:59');
    assert.equal(wallClock(new Date('2026-03-08T07:00:00.000Z'), 'America/New_York'), '2026-03-08 03:00:00');
    assert.equal(wallClock(instant, 'America/New_York'), '2026-03-08 01:59:59');
  });

  it('refuses an invalid instant each time it is asked', () => {
    assert.throws(() => wallClock(new Date(Number.NaN), 'UTC'), RangeError);
    assert.throws(() => wallClock(new Date(Number.NaN), 'UTC'), RangeError);
  });
});
