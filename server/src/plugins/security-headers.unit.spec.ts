import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './security-headers';

describe('content security policy', () => {
  it('allows only the store itself by default', () => {
    const policy = contentSecurityPolicy({ tagManager: false, launchDarkly: false });
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("connect-src 'self';");
    expect(policy).not.toContain('googletagmanager');
    expect(policy).not.toContain('launchdarkly');
  });

  it('lets the tag manager and LaunchDarkly in only when they are configured', () => {
    const policy = contentSecurityPolicy({ tagManager: true, launchDarkly: true });
    expect(policy).toContain("script-src 'self' https://www.googletagmanager.com;");
    expect(policy).toContain('https://clientstream.launchdarkly.com');
  });
});
