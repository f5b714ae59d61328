/** @jest-environment node */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { NextRequest } from 'next/server';

import { isCmsAction } from '@/lib/http/cms-actions';
import { isCmsPath } from '@/lib/http/cms-paths';
import { CMS_BODY_LIMIT, CMS_UPLOAD_LIMIT, PROXY_BODY_LIMIT, refuseBody } from '@/lib/http/read-body';
import { proxy } from '@/proxy';

// The CMS's prefix (lib/http/cms-paths.ts) gets an API's methods and a larger body, and only there: judged on
// the decoded path, with writes only from our own pages and, on its pages, only Payload's own actions.
const site = 'http://127.0.0.1:3000';
const ours = { host: '127.0.0.1:3000', origin: site, 'sec-fetch-site': 'same-origin' };

async function answer(path: string, method: string, headers: Record<string, string> = {}) {
  const response = await proxy(new NextRequest(`${site}${path}`, { method, headers }));
  return response.headers.get('x-middleware-next') === '1' ? 'passed' : response.status;
}

describe('the CMS prefix', () => {
  it('is judged on the decoded path: climbing out or hiding a separator is not the CMS', () => {
    expect(isCmsPath('/staff/content')).toBe(true);
    expect(isCmsPath('/staff/content/api/events/3')).toBe(true);
    expect(isCmsPath('/staff/contentx')).toBe(false);
    expect(isCmsPath('/staff/content/../contact')).toBe(false);
    expect(isCmsPath('/staff/content/%2e%2e/contact')).toBe(false);
    expect(isCmsPath('/staff/content/a%2F..%2F..%2Fcontact')).toBe(false);
    expect(isCmsPath('/staff/content/%E0%A4%A')).toBe(false);
  });

  it('takes the larger body only under the prefix, with a length for every save', () => {
    const big = String(PROXY_BODY_LIMIT + 1);
    expect(refuseBody('PATCH', '/staff/content/api/events/1', big)).toBeNull();
    expect(refuseBody('PATCH', '/staff/content/api/events/1', String(CMS_BODY_LIMIT + 1))?.status).toBe(413);
    expect(refuseBody('POST', '/contact', big)?.status).toBe(413);
    expect(refuseBody('POST', '/staff/content/%2e%2e/contact', big)?.status).toBe(413);
    expect(refuseBody('POST', '/staff/content/../../contact?x=1', big)?.status).toBe(413);
    expect(refuseBody('PATCH', '/staff/content/api/events/1', null)?.status).toBe(411);
    expect(refuseBody('DELETE', '/staff/content/api/events/1', null)).toBeNull();
  });

  it('takes a picture’s size only for an upload to the Pictures collection with a staff cookie', () => {
    const photo = String(CMS_UPLOAD_LIMIT - 1);
    expect(refuseBody('POST', '/staff/content/api/media', photo, true)).toBeNull();
    expect(refuseBody('PATCH', '/staff/content/api/media/12', photo, true)).toBeNull();
    expect(refuseBody('POST', '/staff/content/api/media', String(CMS_UPLOAD_LIMIT + 1), true)?.status).toBe(413);
    // Without the cookie, elsewhere in the CMS, or by another method or path: the CMS's own limit.
    expect(refuseBody('POST', '/staff/content/api/media', photo, false)?.status).toBe(413);
    expect(refuseBody('POST', '/staff/content/api/events', photo, true)?.status).toBe(413);
    expect(refuseBody('PUT', '/staff/content/api/media', photo, true)?.status).toBe(413);
    expect(refuseBody('POST', '/staff/content/api/media/%2e%2e/events', photo, true)?.status).toBe(413);
    expect(refuseBody('POST', '/staff/content/collections/media/create', photo, true)?.status).toBe(413);
    expect(refuseBody('POST', '/contact', photo, true)?.status).toBe(413);
  });

  it('lets the API’s methods through under the prefix only', async () => {
    for (const method of ['PATCH', 'PUT', 'DELETE']) {
      expect(await answer('/staff/content/api/events/1', method, { ...ours, 'content-length': '2' })).toBe('passed');
      expect(await answer('/contact', method, { ...ours, 'content-length': '2' })).toBe(405);
      expect(await answer('/staff/content/../contact', method, { ...ours, 'content-length': '2' })).toBe(405);
    }
    expect(await answer('/staff/content/api/events', 'GET')).toBe('passed');
    expect(await answer('/staff/content/api/events', 'PROPFIND')).toBe(405);
    expect(await answer('/staff/content', 'PATCH', { ...ours, 'content-length': '2' })).toBe(405);
  });

  it('refuses a write that did not come from a page of the site', async () => {
    expect(await answer('/staff/content/api/events/1', 'PATCH', { 'content-length': '2' })).toBe(403);
    expect(
      await answer('/staff/content/api/events/1', 'PATCH', {
        origin: 'https://elsewhere.example',
        'sec-fetch-site': 'cross-site',
        'content-length': '2',
      }),
    ).toBe(403);
  });

  describe('server actions', () => {
    const cwd = process.cwd();
    const dir = mkdtempSync(join(tmpdir(), 'baobab-cms-actions-'));
    beforeAll(() => {
      mkdirSync(join(dir, '.next', 'server'), { recursive: true });
      writeFileSync(
        join(dir, '.next', 'server', 'server-reference-manifest.json'),
        JSON.stringify({
          node: {
            'cms-action': { workers: { 'app/(payload)/staff/content/[[...segments]]/page': {} } },
            'newsletter-action': { workers: { 'app/[lang]/page': {} } },
            'shared-action': {
              workers: { 'app/(payload)/staff/content/[[...segments]]/page': {}, 'app/[lang]/page': {} },
            },
          },
        }),
      );
      process.chdir(dir);
    });
    afterAll(() => {
      process.chdir(cwd);
      rmSync(dir, { recursive: true, force: true });
    });

    it('run under the prefix only when they are the CMS’s own', async () => {
      expect(isCmsAction('cms-action')).toBe(true);
      expect(isCmsAction('newsletter-action')).toBe(false);
      expect(isCmsAction('shared-action')).toBe(false);
      const post = (id: string) => ({ ...ours, 'next-action': id, 'content-length': '2' });
      expect(await answer('/staff/content', 'POST', post('cms-action'))).toBe('passed');
      expect(await answer('/staff/content/collections/events', 'POST', post('newsletter-action'))).toBe(400);
      expect(await answer('/staff/content', 'POST', { ...ours, 'content-length': '2' })).toBe(400);
      // The site's pages still take no script-driven action at all.
      expect(await answer('/', 'POST', post('cms-action'))).toBe(400);
    });
  });
});
