/** @jest-environment node */
import { readConfig } from '@/lib/config';
import { securityHeaders } from '@/lib/security/headers';
import { isHttps } from '@/lib/security/xsrf';
import { setSingleton } from '@/lib/singletons';

afterEach(() => setSingleton('config', undefined));

describe('HTTPS', () => {
  const forwarded = new Headers({ 'x-forwarded-proto': 'https' });

  it('is believed from X-Forwarded-Proto only behind a configured proxy', () => {
    setSingleton('config', readConfig({ TRUSTED_PROXY_HOPS: '0' }));
    expect(isHttps(forwarded)).toBe(false);
    setSingleton('config', readConfig({ TRUSTED_PROXY_HOPS: '1' }));
    expect(isHttps(forwarded)).toBe(true);
    expect(isHttps(new Headers({ 'x-forwarded-proto': 'http' }))).toBe(false);
  });

  it('brings HSTS and upgrade-insecure-requests, which plain HTTP never gets', () => {
    const secure = securityHeaders({ https: true, recaptcha: false });
    expect(secure['Strict-Transport-Security']).toBe('max-age=63072000');
    expect(secure['Content-Security-Policy']).toContain('upgrade-insecure-requests');
    const plain = securityHeaders({ https: false, recaptcha: false });
    expect(plain['Strict-Transport-Security']).toBeUndefined();
    expect(plain['Content-Security-Policy']).not.toContain('upgrade-insecure-requests');
  });

  it('sends HSTS as configured: subdomains only when asked, none at max-age 0', () => {
    const hsts = (maxAge: number, includeSubDomains: boolean) =>
      securityHeaders({ https: true, recaptcha: false, hsts: { maxAge, includeSubDomains } })[
        'Strict-Transport-Security'
      ];
    expect(hsts(31_536_000, true)).toBe('max-age=31536000; includeSubDomains');
    expect(hsts(600, false)).toBe('max-age=600');
    expect(hsts(0, true)).toBeUndefined();
  });
});
