import { siteUrlProblem } from '../../scripts/lib/site-url.mjs';

describe('the SITE_URL warning of a production build or server', () => {
  it('warns when SITE_URL is missing', () => {
    expect(siteUrlProblem(undefined, '127.0.0.1')).toMatch(/SITE_URL is not set/);
  });

  it('warns about a local SITE_URL on a server other machines can reach', () => {
    expect(siteUrlProblem('http://localhost:3000', '0.0.0.0')).toMatch(/listens on 0.0.0.0/);
    expect(siteUrlProblem('http://127.0.0.1:3000', '203.0.113.7')).toMatch(/203.0.113.7/);
    expect(siteUrlProblem('http://[::1]:3000', '::')).toMatch(/loopback/);
  });

  it('accepts a local SITE_URL on a loopback-only server, and a public one anywhere', () => {
    expect(siteUrlProblem('http://localhost:3000', '127.0.0.1')).toBeNull();
    expect(siteUrlProblem('http://localhost:3000', 'localhost')).toBeNull();
    expect(siteUrlProblem('https://baobabdata.org', '0.0.0.0')).toBeNull();
  });
});
