import { afterEach, describe, expect, it, vi } from 'vitest';
import { type WarmUpScope, warmUp } from './warm-up';

/** A scope that writes down what the warm-up asks of it. */
function recordingScope(asked: string[], fail = false): WarmUpScope {
  class DateTimeFormat extends Intl.DateTimeFormat {
    constructor(locale?: string, options?: Intl.DateTimeFormatOptions) {
      super(locale, options);
      if (options?.timeZone) asked.push(`formatter in ${options.timeZone}`);
    }
    override formatToParts(date?: number | Date) {
      asked.push('formatted');
      return super.formatToParts(date);
    }
  }
  return {
    sessionStorage: {
      getItem: (key: string) => {
        asked.push(`sessionStorage ${key}`);
        if (fail) throw new DOMException('denied', 'SecurityError');
        return null;
      },
    },
    document: {
      get cookie() {
        asked.push('cookie');
        if (fail) throw new DOMException('sandboxed', 'SecurityError');
        return '';
      },
    },
    Intl: { DateTimeFormat: DateTimeFormat as typeof Intl.DateTimeFormat },
  };
}

describe('the boot script warm-up', () => {
  afterEach(() => {
    vi.resetModules();
    vi.doUnmock('./early-reads');
    vi.doUnmock('./warm-up');
  });

  it('asks once for sessionStorage, the cookies and a date formatter in the device zone', () => {
    const asked: string[] = [];
    warmUp(recordingScope(asked), Date.UTC(2026, 10, 27, 8));
    const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(asked).toEqual(['sessionStorage dosedot.warm-up', 'cookie', `formatter in ${zone}`, 'formatted']);
  });

  it('goes on when the browser refuses storage or cookies', () => {
    const asked: string[] = [];
    expect(() => warmUp(recordingScope(asked, true))).not.toThrow();
    expect(asked).toContain('formatted');
  });

  it('runs after the early reads have been asked for, never before', async () => {
    const order: string[] = [];
    vi.doMock('./early-reads', () => ({ startEarlyReads: () => order.push('early reads') }));
    vi.doMock('./warm-up', () => ({ warmUp: () => order.push('warm-up') }));
    await import('./boot');
    expect(order).toEqual(['early reads', 'warm-up']);
  });
});
