import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { followedEvents, followsEvent, isOneSeries, type MatchableEvent } from '../../src/domain/schedules/matching.js';
import { generationWindow } from '../../src/domain/schedules/windows.js';

const event = (fields: Partial<MatchableEvent>): MatchableEvent => ({
  id: 1, title: 'Sunday Service', typeId: 7, inactive: false, ministryId: 3, linkedGroupIds: [], ...fields,
});

describe('followsEvent', () => {
  it('class mode follows events whose Linked Groups include the class', () => {
    assert.equal(followsEvent({ mode: 'class', groupId: 9 }, event({ linkedGroupIds: [4, 9] })), true);
    assert.equal(followsEvent({ mode: 'class', groupId: 9 }, event({ linkedGroupIds: [4] })), false);
  });

  it('ministry mode follows the ministry\'s events with the same title, ignoring case only', () => {
    const link = { mode: 'ministry' as const, ministryId: 3, titleFilter: 'vbs' };
    assert.equal(followsEvent(link, event({ title: 'VBS' })), true);
    assert.equal(followsEvent(link, event({ title: 'VBS ' })), false, 'surrounding white space counts');
    assert.equal(followsEvent(link, event({ title: 'VBS', ministryId: 4 })), false, "another ministry's event");
    assert.equal(followsEvent(link, event({ title: 'VBS', ministryId: null })), false);
  });

  it('event_type mode follows events of the type with exactly the title', () => {
    const link = { mode: 'event_type' as const, eventTypeId: 7, titleFilter: 'Vespers' };
    assert.equal(followsEvent(link, event({ title: 'vespers', ministryId: null })), true, 'any owner');
    assert.equal(followsEvent(link, event({ title: 'Vespers Supper' })), false);
    assert.equal(followsEvent(link, event({ title: 'Vespers', typeId: 8 })), false);
  });

  it('event mode follows the one event', () => {
    assert.equal(followsEvent({ mode: 'event', eventId: 5 }, event({ id: 5 })), true);
    assert.equal(followsEvent({ mode: 'event', eventId: 5 }, event({ id: 6 })), false);
  });

  it('never follows an inactive event', () => {
    assert.equal(followsEvent({ mode: 'event', eventId: 5 }, event({ id: 5, inactive: true })), false);
    assert.equal(followsEvent({ mode: 'class', groupId: 9 }, event({ linkedGroupIds: [9], inactive: true })), false);
  });

  it('filters a list, keeping its order', () => {
    const events = [event({ id: 1 }), event({ id: 2, title: 'Other' }), event({ id: 3, title: 'SUNDAY SERVICE' })];
    assert.deepEqual(followedEvents({ mode: 'ministry', ministryId: 3, titleFilter: 'sunday service' }, events).map((e) => e.id), [1, 3]);
  });
});

describe('isOneSeries', () => {
  it('is one title ignoring case, one type and one set of Linked Groups', () => {
    assert.equal(isOneSeries([event({ title: 'Youth', linkedGroupIds: [2, 1] }), event({ title: 'YOUTH', linkedGroupIds: [1, 2] })]), true);
    assert.equal(isOneSeries([event({}), event({ typeId: 8 })]), false);
    assert.equal(isOneSeries([event({}), event({ title: 'Sunday Service 2' })]), false);
    assert.equal(isOneSeries([event({ linkedGroupIds: [1] }), event({ linkedGroupIds: [] })]), false);
  });
});

describe('generationWindow', () => {
  const base = { today: '2026-03-04', windowStart: '2026-01-01', windowEnd: null, horizonWeeks: 8, oneOff: false };

  it('runs from today to today + horizon for an open-ended schedule that started earlier', () => {
    assert.deepEqual(generationWindow(base), { from: '2026-03-04', through: '2026-04-29' });
  });

  it('starts at a later first date and stops at an earlier last date', () => {
    assert.deepEqual(generationWindow({ ...base, windowStart: '2026-03-10', windowEnd: '2026-03-31' }), { from: '2026-03-10', through: '2026-03-31' });
  });

  it('caps a requested through at the horizon and the last date', () => {
    assert.deepEqual(generationWindow({ ...base, through: '2026-12-31' }), { from: '2026-03-04', through: '2026-04-29' });
    assert.deepEqual(generationWindow({ ...base, through: '2026-03-20' }), { from: '2026-03-04', through: '2026-03-20' });
  });

  it('does not cap a Staff-this-event schedule by the horizon', () => {
    assert.deepEqual(generationWindow({ ...base, oneOff: true, windowStart: '2026-12-24', windowEnd: '2026-12-24' }), { from: '2026-12-24', through: '2026-12-24' });
  });

  it('covers nothing when the last date is already past', () => {
    const { from, through } = generationWindow({ ...base, windowEnd: '2026-02-01' });
    assert.ok(from > through);
  });
});
