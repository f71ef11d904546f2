import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expandRecurrence, MAX_SERIES_EVENTS, parseMonthDay } from '../../src/domain/events/recurrence.js';
import { isValidDate, parseDateTime, parseTimeOfDay } from '../../src/domain/dates.js';

describe('expandRecurrence', () => {
  it('lists every given weekday in the range, ends included', () => {
    assert.deepEqual(expandRecurrence({ type: 'weekly', weekday: 0 }, '2026-03-01', '2026-03-29'),
      ['2026-03-01', '2026-03-08', '2026-03-15', '2026-03-22', '2026-03-29']);
  });

  it('moves a monthly day past the month end to the last day of that month', () => {
    assert.deepEqual(expandRecurrence({ type: 'monthly', dayOfMonth: 31 }, '2026-01-01', '2026-06-30'),
      ['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31', '2026-06-30']);
    assert.deepEqual(expandRecurrence({ type: 'monthly', dayOfMonth: 30 }, '2028-01-15', '2028-03-31'),
      ['2028-01-30', '2028-02-29', '2028-03-30']);
    assert.deepEqual(expandRecurrence({ type: 'monthly', dayOfMonth: 15 }, '2026-01-16', '2026-03-15'), ['2026-02-15', '2026-03-15']);
  });

  it('repeats a yearly date and puts 29 February on the 28th in common years', () => {
    assert.deepEqual(expandRecurrence({ type: 'yearly', month: 2, day: 29 }, '2027-01-01', '2029-12-31'),
      ['2027-02-28', '2028-02-29', '2029-02-28']);
    assert.deepEqual(expandRecurrence({ type: 'yearly', month: 12, day: 25 }, '2026-01-01', '2027-12-31'), ['2026-12-25', '2027-12-25']);
  });

  it('answers an empty list when no date matches', () => {
    assert.deepEqual(expandRecurrence({ type: 'weekly', weekday: 3 }, '2026-03-01', '2026-03-03'), []);
  });

  it('allows exactly 366 events and refuses 367 with a message naming 366', () => {
    // 366 consecutive Sundays end on 2033-01-02 when starting on 2026-01-04.
    const all = expandRecurrence({ type: 'weekly', weekday: 0 }, '2026-01-04', '2033-01-02');
    assert.equal(all.length, MAX_SERIES_EVENTS);
    assert.throws(() => expandRecurrence({ type: 'weekly', weekday: 0 }, '2026-01-04', '2033-01-09'), (error: Error) => /366/.test(error.message));
  });
});

describe('date and time parsing', () => {
  it('accepts only real days', () => {
    assert.equal(isValidDate('2028-02-29'), true);
    for (const bad of ['2026-13-01', '2026-02-29', '2026-04-31', 'soon', '2026-1-01', '']) assert.equal(isValidDate(bad), false, bad);
  });
  it('accepts times of day up to 23:59', () => {
    assert.equal(parseTimeOfDay('09:30'), '09:30:00');
    assert.equal(parseTimeOfDay('23:59:59'), '23:59:59');
    for (const bad of ['25:00', '24:00', '9:30', '12:60', 'noon']) assert.equal(parseTimeOfDay(bad), undefined, bad);
  });
  it('takes a T in a date-time as a space', () => {
    assert.equal(parseDateTime('2026-03-01T10:30:00'), '2026-03-01 10:30:00');
    assert.equal(parseDateTime('2026-03-01 10:30'), '2026-03-01 10:30:00');
    assert.equal(parseDateTime('2026-02-30 10:30'), undefined);
  });
  it('parses MM-DD', () => {
    assert.deepEqual(parseMonthDay('02-29'), { month: 2, day: 29 });
    for (const bad of ['02-30', '13-01', '2-1', 'xx']) assert.equal(parseMonthDay(bad), undefined, bad);
  });
});
