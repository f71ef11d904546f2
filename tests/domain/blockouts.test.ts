import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { covers, lastDayOf, parseBlockout, type BlockoutPeriod } from '../../src/domain/availability/blockouts.js';

const period = (fields: Partial<BlockoutPeriod>): BlockoutPeriod => ({
  start_date: '2026-03-08', end_date: '2026-03-08', start_time: null, end_time: null, repeat_until: null, ...fields,
});
const sunday = (date: string, from = '09:00', to = '11:00') => [`${date} ${from}:00`, `${date} ${to}:00`] as const;

describe('a blockout covers a shift', () => {
  it('for a whole day: any shift that touches the day, and nothing on the days around it', () => {
    const day = period({});
    assert.equal(covers(day, ...sunday('2026-03-08')), true);
    assert.equal(covers(day, ...sunday('2026-03-07', '22:00', '23:59')), false);
    assert.equal(covers(day, ...sunday('2026-03-09', '00:00', '01:00')), false);
    assert.equal(covers(day, '2026-03-07 22:00:00', '2026-03-08 00:30:00'), true, 'a shift that runs into the day');
  });

  it('over several days: every day from the first to the last', () => {
    const holiday = period({ end_date: '2026-03-14' });
    for (const date of ['2026-03-08', '2026-03-11', '2026-03-14']) assert.equal(covers(holiday, ...sunday(date)), true, date);
    assert.equal(covers(holiday, ...sunday('2026-03-15')), false);
  });

  it('for a time range: only shifts that overlap it on one of its days', () => {
    const evening = period({ end_date: '2026-03-09', start_time: '18:00:00', end_time: '21:00:00' });
    assert.equal(covers(evening, ...sunday('2026-03-08')), false, 'a morning shift');
    assert.equal(covers(evening, ...sunday('2026-03-09', '20:30', '22:00')), true, 'overlaps the end');
    assert.equal(covers(evening, ...sunday('2026-03-09', '21:00', '22:00')), false, 'starts when it ends');
    assert.equal(covers(evening, ...sunday('2026-03-10', '18:00', '21:00')), false, 'the day after');
  });

  it('weekly: the same days each week until the repeat date, and not after it', () => {
    const sundays = period({ repeat_until: '2026-04-05' });
    assert.equal(covers(sundays, ...sunday('2026-03-22')), true);
    assert.equal(covers(sundays, ...sunday('2026-04-05')), true);
    assert.equal(covers(sundays, ...sunday('2026-04-12')), false);
    assert.equal(covers(sundays, ...sunday('2026-03-21')), false, 'a Saturday');
    assert.equal(covers(sundays, ...sunday('2026-03-01')), false, 'before the first');
    const weekend = period({ start_date: '2026-03-07', end_date: '2026-03-08', start_time: '08:00:00', end_time: '12:00:00', repeat_until: '2026-12-31' });
    assert.equal(covers(weekend, ...sunday('2026-11-29')), true, 'a Sunday months later, within its hours');
    assert.equal(covers(weekend, ...sunday('2026-11-29', '13:00', '14:00')), false, 'outside its hours');
    assert.equal(lastDayOf(weekend), '2026-12-27', 'the last repetition starts on or before the repeat date');
  });
});

describe('a requested blockout', () => {
  const today = '2026-03-04';
  it('defaults its end to its start, keeps times as HH:MM:SS and trims its reason', () => {
    assert.deepEqual(parseBlockout({ startDate: '2026-03-08', startTime: '09:00', endTime: '12:30', reason: '  Travelling  ' }, today), {
      start_date: '2026-03-08', end_date: '2026-03-08', start_time: '09:00:00', end_time: '12:30:00', repeat_until: null, reason: 'Travelling',
    });
  });

  it('is refused, in plain words, when its dates or times do not make a period', () => {
    const refusal = (request: Parameters<typeof parseBlockout>[0]) => {
      try {
        parseBlockout(request, today);
      } catch (error) {
        return (error as Error).message;
      }
      return 'accepted';
    };
    assert.equal(refusal({ startDate: '2026-02-30' }), 'startDate must be a date in YYYY-MM-DD form');
    assert.equal(refusal({ startDate: '2026-03-08', endDate: '2026-03-07' }), 'endDate must be on or after startDate');
    assert.equal(refusal({ startDate: '2026-03-08', startTime: '09:00' }), 'Give both startTime and endTime, or neither for whole days');
    assert.equal(refusal({ startDate: '2026-03-08', startTime: '09:00', endTime: '24:00' }), 'Times must be in HH:MM form (24 hours)');
    assert.equal(refusal({ startDate: '2026-03-08', startTime: '12:00', endTime: '09:00' }), 'endTime must be after startTime');
    assert.equal(refusal({ startDate: '2026-03-08', endDate: '2026-03-15', repeatWeeklyUntil: '2026-06-01' }), 'A blockout that repeats weekly lasts at most 7 days');
    assert.equal(refusal({ startDate: '2026-03-08', repeatWeeklyUntil: '2026-03-01' }), 'repeatWeeklyUntil must be on or after startDate');
    assert.equal(refusal({ startDate: '2026-03-08', repeatWeeklyUntil: '2028-06-01' }), 'repeatWeeklyUntil must be within two years of startDate');
    assert.equal(refusal({ startDate: '2026-03-08', endDate: '2027-03-09' }), 'A blockout lasts at most 366 days; add another for a longer absence');
    assert.equal(refusal({ startDate: '2026-03-01', endDate: '2026-03-03' }), 'This blockout is already over');
    assert.equal(refusal({ startDate: '2026-02-22', repeatWeeklyUntil: '2026-03-08' }), 'accepted', 'a weekly one still running');
  });
});
