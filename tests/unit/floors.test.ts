/** @jest-environment node */
import { circles, floorOf, FLOORS, libImports, roomOf, upArrows } from '../../scripts/lib/floors.mjs';

// lib/'s floors (docs/architecture.md, scripts/lib/floors.mjs): code imports sideways or down. A few
// imports that still run back up are tolerated while their rooms move; a circle never is.
const MOST_UP_ARROWS = 3;

const edge = (to: string, dynamic = false) => ({ to, dynamic });

describe('the floors of lib/', () => {
  const graph = libImports();

  it('puts every folder and top-level file of lib/ on a floor', () => {
    expect(upArrows(graph).homeless).toEqual([]);
  });

  it(`has at most ${MOST_UP_ARROWS} imports that run back up a floor`, () => {
    const { arrows } = upArrows(graph);
    expect([...arrows.keys()].length).toBeLessThanOrEqual(MOST_UP_ARROWS);
  });

  it('has no import circle among its files', () => {
    expect(circles(graph)).toEqual([]);
  });

  it('keeps the workspace on the top floor, who the staff are below the CMS, and the CMS below the capabilities', () => {
    const top = FLOORS.length - 1;
    expect(floorOf('staff')).toBe(top);
    expect(floorOf('team')!).toBeLessThan(floorOf('cms')!);
    expect(floorOf('cms')!).toBeLessThan(floorOf('payments')!);
    expect(floorOf('config')).toBe(0);
  });
});

describe('how the floors are read', () => {
  it('names a room by its folder, or by its own name at the top of lib/', () => {
    expect(roomOf('lib/cms/collections/media.ts')).toBe('cms');
    expect(roomOf('lib/config.ts')).toBe('config');
    expect(roomOf('lib/og.tsx')).toBe('og');
  });

  it('counts an import from a lower floor to a higher one once per pair of rooms, lazy ones too', () => {
    const graph = new Map([
      ['lib/config.ts', [edge('lib/staff/posts.ts'), edge('lib/staff/http.ts', true)]],
      ['lib/staff/posts.ts', [edge('lib/config.ts')]],
      ['lib/cms/index.ts', [edge('lib/team/index.ts')]],
    ]);
    const { arrows } = upArrows(graph);
    expect([...arrows.keys()]).toEqual(['config → staff']);
    expect(arrows.get('config → staff')).toHaveLength(2);
  });

  it('names a room that stands on no floor', () => {
    expect(upArrows(new Map([['lib/somewhere-new/index.ts', [edge('lib/config.ts')]]])).homeless).toEqual([
      'somewhere-new',
    ]);
  });

  it('finds a circle through static imports and none through an import() alone', () => {
    const round = new Map([
      ['lib/cms/index.ts', [edge('lib/cms/scheduled.ts')]],
      ['lib/cms/scheduled.ts', [edge('lib/cms/index.ts')]],
      ['lib/cms/seed.ts', [edge('lib/cms/index.ts')]],
    ]);
    expect(circles(round)).toEqual([['lib/cms/index.ts', 'lib/cms/scheduled.ts']]);
    const lazy = new Map([
      ['lib/cms/index.ts', [edge('lib/cms/config.ts', true)]],
      ['lib/cms/config.ts', [edge('lib/cms/index.ts')]],
    ]);
    expect(circles(lazy)).toEqual([]);
  });
});
