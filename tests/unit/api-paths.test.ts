import { readdirSync } from 'node:fs';
import { join } from 'node:path';

import { API_ROUTES, isApiPath } from '@/lib/http/api-paths';

describe('API paths', () => {
  it('are exactly the routes under app/api', () => {
    const folders = readdirSync(join(process.cwd(), 'app/api'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect([...API_ROUTES].sort()).toEqual(folders);
  });

  it('tells an API call from a page-shaped /api/… address', () => {
    expect(isApiPath('/api/forms/contactUs')).toBe(true);
    expect(isApiPath('/api/health')).toBe(true);
    expect(isApiPath('/api/xsrf')).toBe(true);
    expect(isApiPath('/api/contact')).toBe(false);
    expect(isApiPath('/api/healthy')).toBe(false);
    expect(isApiPath('/fr/api/forms/contactUs')).toBe(false);
  });
});
