import { itemNames, LISTED_DAYS_AFTER } from '@/lib/staff/present';
import { parseItem } from '@/lib/storage';

// The workspace's items: any well-formed key is a list (a deleted event's list stays reachable), and
// the filters offer the courses and only the events and offers not long past.
describe('the workspace’s items', () => {
  it('reads any course, event or offer key, and refuses other forms, empty values and control characters', () => {
    expect(parseItem('user:baobab-data-hackathon-2023')).toEqual({
      collection: 'user',
      field: 'event',
      value: 'baobab-data-hackathon-2023',
    });
    expect(parseItem('user:an-event-deleted-long-ago')).toMatchObject({ value: 'an-event-deleted-long-ago' });
    expect(parseItem('enrolment:Data Analysis with Python')).toMatchObject({ field: 'course' });
    for (const key of ['contact:x', 'user:', ':x', 'user', 'user:a\u0000b', `user:${'a'.repeat(201)}`, undefined])
      expect(parseItem(key)).toBeNull();
  });

  it('lists an event until LISTED_DAYS_AFTER days after its last day, and names it by its title after that', async () => {
    const { choices } = await itemNames('en', Date.parse('2023-03-01T12:00:00Z'));
    const event = choices.find((choice) => choice.key === 'user:baobab-data-hackathon-2023')!;
    expect(event.label).toMatch(/^Event registration: /);
    const lastDay = Date.parse('2023-03-19T12:00:00Z');
    const late = await itemNames('en', lastDay + (LISTED_DAYS_AFTER + 30) * 86_400_000);
    expect(late.choices.some((choice) => choice.key === event.key)).toBe(false);
    expect(late.label(event.key)).toBe(event.label);
    expect(late.choices.filter((choice) => choice.key.startsWith('enrolment:'))).toHaveLength(9);
  });

  it('names an item in the language asked for, and an unknown one by its value', async () => {
    const fr = await itemNames('fr', Date.parse('2023-03-01T12:00:00Z'));
    expect(fr.title('user', { event: 'baobab-data-hackathon-2023' })).toBe('Hackathon Baobab Data 2023');
    expect(fr.title('user', { event: 'gone' })).toBe('gone');
    expect(fr.title('contact', { message: 'hi' })).toBe('');
  });
});
