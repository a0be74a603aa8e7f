import { describe, expect, it } from 'vitest';
import { addressPattern } from './address-pattern.js';

/** PostgreSQL's ARE and JavaScript agree on everything the pattern uses (lookarounds, classes, escapes). */
const finds = (address: string, text: string) => new RegExp(addressPattern(address), 'i').test(text);

describe('addressPattern', () => {
  it('finds the address alone, in a sentence, quoted in JSON and in any case', () => {
    expect(finds('ann@x.com', 'ann@x.com')).toBe(true);
    expect(finds('ann@x.com', 'Mail went to ann@x.com.')).toBe(true);
    expect(finds('ann@x.com', '{"to":"ann@x.com"}')).toBe(true);
    expect(finds('ann@x.com', 'login:127.0.0.1:ANN@X.COM')).toBe(true);
  });

  it('does not find it inside another address', () => {
    expect(finds('ann@x.com', 'joann@x.com')).toBe(false);
    expect(finds('ann@x.com', 'jo.ann@x.com')).toBe(false);
    expect(finds('ann@x.com', 'ann@x.com.au')).toBe(false);
    expect(finds('ann@x.com', 'ann@x.community')).toBe(false);
  });

  it('takes the address literally', () => {
    expect(finds('a.b+c@x.com', 'aXb+c@x.com')).toBe(false);
    expect(finds('a.b+c@x.com', 'to a.b+c@x.com')).toBe(true);
  });
});
