/** @jest-environment node */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

import * as z from 'zod/mini';

import { columnsFor } from '@/lib/export';
import * as actions from '@/lib/forms/actions';
import { columns, fieldNames, forms, isFormOperation, operations } from '@/lib/forms/registry';
import { collections } from '@/lib/storage/collections';
import { collections as storedCollections } from '@/lib/storage/types';

import { sampleEnrolment } from '../helpers/samples';

describe('the form registry', () => {
  it('gives every operation a server action of the same name, and nothing else', () => {
    expect(Object.keys(actions).sort()).toEqual([...operations].sort());
    for (const operation of operations) expect(typeof actions[operation]).toBe('function');
  });

  it('is where the storage layer and the export get their collections and columns', () => {
    expect(storedCollections).toEqual(['enrolment', 'contact', 'newsletter', 'user', 'offer']);
    expect(collections).toBe(storedCollections);
    expect(columns.user).toEqual(['firstName', 'lastName', 'email', 'ticket', 'event']);
    expect(columns.offer).toEqual([
      'email',
      'firstName',
      'lastName',
      'gender',
      'degree',
      'occupation',
      'country',
      'offer',
    ]);
    expect(columnsFor('enrolment', [])).toEqual([
      'id',
      'name',
      'email',
      'phone',
      'gender',
      'country',
      'course',
      'lang',
      'date',
    ]);
  });

  it('reads the hidden field that names the event or offer, and only the declared fields', () => {
    // The currency a priced item is paid in is read from the post, and is no column of the record.
    expect(fieldNames(forms.registerEvent)).toEqual(['firstName', 'lastName', 'email', 'ticket', 'event', 'currency']);
    expect(columns.user).toEqual(['firstName', 'lastName', 'email', 'ticket', 'event']);
    expect(fieldNames(forms.contactUs)).toEqual(['name', 'email', 'message']);
    expect(isFormOperation('registerEvent')).toBe(true);
    expect(isFormOperation('toString')).toBe(false);
  });

  it('turns a course title, event slug or offer slug into its entity once, in the page language', async () => {
    const person = { firstName: 'Ada', lastName: 'Obi', email: 'ada@example.org' };
    // The event is looked up in the CMS (lib/cms), asynchronously.
    const event = await z.safeParseAsync(forms.registerEvent.schema.en, {
      ...person,
      event: 'baobab-data-hackathon-2023',
    });
    expect(event.success && event.data.entity.registrationLink).toMatch(/^https:\/\//);
    const french = await z.safeParseAsync(forms.registerEvent.schema.fr, {
      ...person,
      event: 'baobab-data-hackathon-2023',
    });
    expect(french.success && french.data.entity.title).toBe('Hackathon Baobab Data 2023');
    expect(french.success && forms.registerEvent.record(french.data)).toMatchObject({
      event: 'baobab-data-hackathon-2023',
    });
    const unknown = await z.safeParseAsync(forms.registerEvent.schema.en, { ...person, event: 'free-laptops' });
    expect(unknown.error?.issues).toEqual([
      expect.objectContaining({ path: ['event'], message: 'This event does not exist' }),
    ]);

    const reservation = {
      ...person,
      gender: 'female',
      degree: 'master',
      occupation: 'Teacher',
      country: 'Kenya',
    };
    // A page cached before the offer field existed posts none: it is the first offer.
    const offer = await z.safeParseAsync(forms.registerOffer.schema.en, reservation);
    expect(offer.success && offer.data.entity.slug).toBe('become-a-data-analyst');

    const enrolment = await z.safeParseAsync(forms.enrol.schema.en, sampleEnrolment);
    expect(enrolment.success && forms.enrol.record(enrolment.data)).toMatchObject({
      course: 'Data Analysis with Python',
    });
    const inscription = await z.safeParseAsync(forms.enrol.schema.fr, sampleEnrolment);
    expect(inscription.success && inscription.data.entity.title).toBe('Analyse de données avec Python');
    expect(inscription.success && forms.enrol.record(inscription.data)).toEqual(
      enrolment.success && forms.enrol.record(enrolment.data),
    );
  });
});

describe('settings', () => {
  const root = join(__dirname, '..', '..');
  // And the page cache, which Next loads outside the site's bundles, where lib/config.ts cannot be
  // imported: it reads only what the start script and next.config.ts give it (lib/http/page-cache.mjs).
  const allowed = ['lib/config.ts', 'lib/http/page-cache.mjs', 'lib/public-config.ts'];

  function sources(path: string): string[] {
    const full = join(root, path);
    if (!statSync(full).isDirectory()) return [path];
    return readdirSync(full).flatMap((name) => sources(join(path, name)));
  }

  it('are read from the environment by the settings module alone', () => {
    const files = ['app', 'components', 'lib', 'data', 'proxy.ts', 'instrumentation.ts']
      .flatMap(sources)
      .filter((file) => /\.(ts|tsx|mjs)$/.test(file));
    expect(files.length).toBeGreaterThan(50);
    // Not settings: NEXT_RUNTIME is the bundle's runtime, which Next writes in at build time; the
    // Firestore adapter hands the emulator's address to firebase-admin, which reads it from there; and the
    // CMS's configuration turns Payload's own version check off (lib/cms/config.ts says why).
    const readers = files.filter((file) =>
      /process\.env\b(?!\.NEXT_RUNTIME\b|\.FIRESTORE_EMULATOR_HOST =|\.PAYLOAD_DISABLE_DEPENDENCY_CHECKER =)/.test(
        readFileSync(join(root, file), 'utf8'),
      ),
    );
    expect(readers.map((file) => relative(root, join(root, file))).sort()).toEqual(allowed);
  });
});
