import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SETTINGS } from '../../src/domain/settings/registry.js';
import { parsePermissiveBoolean, parseStrictBoolean } from '../../src/domain/values.js';
import { wallClock } from '../../src/domain/clock.js';

describe('iVolunteerSchedulingHorizonWeeks', () => {
  const { read, normalize } = SETTINGS.iVolunteerSchedulingHorizonWeeks;
  it('reads clamped into 1..52', () => {
    assert.equal(read('0'), 1);
    assert.equal(read('99'), 52);
    assert.equal(read('12'), 12);
  });
  it('reads a blank or non-numeric stored value as 8', () => {
    assert.equal(read(''), 8);
    assert.equal(read('soon'), 8);
  });
  it('refuses a blank value on write', () => {
    assert.throws(() => normalize('', 'iVolunteerSchedulingHorizonWeeks'), { status: 400 });
    assert.throws(() => normalize('   ', 'iVolunteerSchedulingHorizonWeeks'), { status: 400 });
  });
});

describe('iVolunteerReminderLeadHours', () => {
  const { normalize, read } = SETTINGS.iVolunteerReminderLeadHours;
  it('accepts 0..720 and refuses the rest', () => {
    assert.equal(normalize('0', 'x'), '0');
    assert.equal(normalize('720', 'x'), '720');
    assert.equal(normalize('1.5', 'x'), '1.5');
    for (const bad of ['', '  ', 'soon', '721', '-1']) assert.throws(() => normalize(bad, 'x'), { status: 400 }, bad);
  });
  it('reads the default 48 from a value that is not a number', () => assert.equal(read('x'), 48));
});

describe('permissive booleans (contract §1.7)', () => {
  for (const value of [true, 1, '1', 'true', 'on', 'yes', ' TRUE ', 'anything', 5, [0]]) {
    it(`reads ${JSON.stringify(value)} as true`, () => assert.equal(parsePermissiveBoolean(value), true));
  }
  for (const value of [false, 0, '0', 'false', 'off', 'no', '', null, []]) {
    it(`reads ${JSON.stringify(value)} as false`, () => assert.equal(parsePermissiveBoolean(value), false));
  }
});

describe('strict booleans (contract §1.7)', () => {
  for (const [value, expected] of [[true, true], [1, true], ['1', true], [' True ', true], [false, false], [0, false], ['0', false], ['false', false]] as const) {
    it(`reads ${JSON.stringify(value)} as ${expected}`, () => assert.equal(parseStrictBoolean(value), expected));
  }
  for (const value of [null, '', 'yes', 'maybe', 2, -1, []]) {
    it(`refuses ${JSON.stringify(value)}`, () => assert.equal(parseStrictBoolean(value), undefined));
  }
});

describe('wall-clock time', () => {
  it('renders an instant in the church time zone, across daylight saving', () => {
    assert.equal(wallClock(new Date('2026-01-15T15:30:00Z'), 'America/New_York'), '2026-01-15 10:30:00');
    assert.equal(wallClock(new Date('2026-07-15T15:30:00Z'), 'America/New_York'), '2026-07-15 11:30:00');
    assert.equal(wallClock(new Date('2026-07-15T23:30:00Z'), 'Europe/Berlin'), '2026-07-16 01:30:00');
  });
});

describe('wall-clock instants and offsets', () => {
  it('finds the instant a New York wall-clock time names, in winter and in summer', async () => {
    const { instantOf, isoWithOffset } = await import('../../src/domain/clock.js');
    assert.equal(instantOf('2026-01-15 10:30:00', 'America/New_York').toISOString(), '2026-01-15T15:30:00.000Z');
    assert.equal(instantOf('2026-07-15 10:30:00', 'America/New_York').toISOString(), '2026-07-15T14:30:00.000Z');
    assert.equal(isoWithOffset('2026-03-10 09:00:00', 'America/New_York'), '2026-03-10T09:00:00-04:00');
    assert.equal(isoWithOffset('2026-03-07 09:00:00', 'America/New_York'), '2026-03-07T09:00:00-05:00');
    assert.equal(isoWithOffset('2026-07-01 12:00:00', 'Asia/Kolkata'), '2026-07-01T12:00:00+05:30');
  });
});
