import { describe, expect, it } from 'vitest';
import { CallLedger, nudgeText, reviewTurn, type CallOutcome } from './turn-review.ts';

const ok = (tool = 'add_slide', readOnly = false): CallOutcome => ({ tool, readOnly, failed: false });
const failed = (failure: CallOutcome['failure'], tool = 'add_slide'): CallOutcome => ({ tool, readOnly: false, failed: true, failure });

describe('reviewTurn', () => {
  it('counts a turn with one call that worked as progress, whatever else failed', () => {
    expect(reviewTurn([failed('invalid_arguments'), ok()])).toBeNull();
    expect(reviewTurn([ok('get_outline', true)])).toBeNull();
  });

  it('names the misstep of a turn without progress', () => {
    expect(reviewTurn([])).toBe('text_only');
    expect(reviewTurn([failed('unknown_tool', 'make_coffee')])).toBe('unknown_tool');
    expect(reviewTurn([failed('invalid_arguments'), failed('garbled_arguments')])).toBe('garbled_arguments');
    expect(reviewTurn([failed('invalid_arguments'), failed('tool_error')])).toBe('invalid_arguments');
    expect(reviewTurn([failed('tool_error'), failed('internal_error')])).toBe('tool_errors');
    expect(reviewTurn([{ tool: 'add_slide', readOnly: false, failed: true, repeat: true }])).toBe('repeated_call');
    expect(reviewTurn([{ tool: 'finish', readOnly: true, failed: true, refusedFinish: true }])).toBe('empty_finish');
    expect(reviewTurn([failed('tool_error'), { tool: 'finish', readOnly: true, failed: true, refusedFinish: true }])).toBe('empty_finish');
  });

  it('writes nudges that say what was wrong and what to do', () => {
    expect(nudgeText('empty_finish', 'the deck has no slides')).toBe('[Folio] You called finish, but the deck has no slides. Build what the request asks with the tools first, then call finish.');
  });
});

describe('CallLedger', () => {
  it('catches a read repeated while the document is unchanged, not after a change', () => {
    const ledger = new CallLedger();
    ledger.note('get_outline', {}, true, true, 0, 1);
    expect(ledger.repeatOf('get_outline', {}, true, 0, 2)).toBe(1);
    expect(ledger.repeatOf('get_outline', '{}', true, 0, 2)).toBe(1);
    expect(ledger.repeatOf('get_outline', {}, true, 1, 2)).toBeNull();
  });

  it('catches a write that already succeeded, with its keys in any order', () => {
    const ledger = new CallLedger();
    ledger.note('add_slide', { layout: 'title', title: 'A' }, false, true, 1, 2);
    expect(ledger.repeatOf('add_slide', { title: 'A', layout: 'title' }, false, 5, 3)).toBe(2);
    expect(ledger.repeatOf('add_slide', { title: 'A', layout: 'title' }, false, 5, 2)).toBeNull(); // the same turn: meant
    expect(ledger.repeatOf('add_slide', { title: 'B', layout: 'title' }, false, 5, 3)).toBeNull();
  });

  it('lets a failed write be retried once the document changed', () => {
    const ledger = new CallLedger();
    ledger.note('update_slide', { slide: 9, title: 'X' }, false, false, 0, 1);
    expect(ledger.repeatOf('update_slide', { slide: 9, title: 'X' }, false, 0, 2)).toBe(1);
    expect(ledger.repeatOf('update_slide', { slide: 9, title: 'X' }, false, 1, 2)).toBeNull();
  });
});
