import { describe, expect, it } from 'vitest';
import {
  createIntegrationRequestSchema,
  integrationConfigIssues,
  maskSecret,
  maskUrl,
} from './integrations.js';

describe('integration secrets as the browser sees them', () => {
  it('masks all but the last four characters of a long secret, and all of a short one', () => {
    expect(maskSecret('123456789:AAFakeToken_wxyz')).toBe('••••wxyz');
    expect(maskSecret('short')).toBe('••••');
  });

  it('keeps a URL’s origin and masks its path and query', () => {
    expect(maskUrl('https://hooks.slack.com/services/T000/B000/abcdefghijkl')).toBe(
      'https://hooks.slack.com/••••ijkl',
    );
    expect(maskUrl('https://example.com/h?k=1')).toBe('https://example.com/••••');
    expect(maskUrl('https://example.com/')).toBe('https://example.com');
    expect(maskUrl('not a url')).toBe('••••');
  });
});

describe('integration config rules', () => {
  it('accepts https for Slack and Discord, and http only for this machine', () => {
    expect(integrationConfigIssues('slack', { url: 'https://hooks.slack.com/services/x' })).toEqual([]);
    expect(integrationConfigIssues('discord', { url: 'http://127.0.0.1:8080/x' })).toEqual([]);
    expect(integrationConfigIssues('discord', { url: 'http://discord.com/api/webhooks/1/x' })).toHaveLength(
      1,
    );
  });

  it('drops blank fields, so an emptied form field counts as not given', () => {
    const parsed = createIntegrationRequestSchema.parse({
      type: 'webhook',
      name: 'Receiver',
      config: { url: 'https://example.com/hook', token: '  ', channel: '' },
    });
    expect(parsed.config).toEqual({ url: 'https://example.com/hook' });
  });
});
