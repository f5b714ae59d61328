/** @jest-environment node */
import { courses as rawCourses } from '@/data/courses';
import { offers as rawOffers } from '@/data/offers';
import { projectDetails, projectList } from '@/data/projects';
import { academyStats, courses, offers, pages, projectStats } from '@/lib/content';
import { parseContent } from '@/lib/content/parse';
import { coursesSchema, offersSchema, projectsSchema } from '@/lib/content/schemas';

const python = rawCourses[8];

describe('content as shipped', () => {
  it('has the nine tracks of docs/product.md §3 with their fees and durations', () => {
    expect(courses.map((c) => c.title)).toEqual([
      'Introduction To Data Science',
      'Introduction To ML & AI',
      'Introduction To Data Ethics & Privacy',
      'Data Analysis with Google Sheet',
      'Data Analysis with Microsoft Excel',
      'Data Analysis Productivity with AI',
      'Data Visualization with Looker Studio',
      'Machine Learning Specialization',
      'Data Analysis with Python',
    ]);
    expect(courses.every((c) => c.isActive)).toBe(true);
    const ethics = courses[2]!;
    expect([ethics.cost, ethics.duration, ethics.pay_link]).toEqual(['Free', '1 week', '']);
    const premium = courses.filter((c) => c.isPremium);
    expect(premium.map((c) => [c.title, c.cost])).toEqual([['Data Analysis with Python', '$105']]);
    const others = courses.filter((c) => c !== ethics && !c.isPremium);
    expect(new Set(others.map((c) => `${c.cost} ${c.duration}`))).toEqual(new Set(['$10 3 weeks']));
  });

  it('keeps the figures of docs/product.md §9', () => {
    expect(projectStats).toEqual({ managed: 1, total: 1, team: 7 });
    expect(academyStats).toEqual({ enthusiast: 56, fellows: 4, countries: 8 });
    expect(offers[0]).toMatchObject({
      discountPercent: 20,
      wasPrice: 150,
      nowPrice: 120,
      endsOn: '25 March 2023',
      cohortStart: 'May 2023',
    });
    expect(pages.privacy.minimumAge).toBe(13);
  });
});

describe('content schemas reject bad edits with the path of the field', () => {
  const expectRejection = (run: () => unknown, ...fragments: string[]) => {
    let message = '';
    try {
      run();
    } catch (error) {
      message = (error as Error).message;
    }
    for (const fragment of fragments) expect(message).toContain(fragment);
  };

  it('a course slug that is not the slug of its title', () => {
    expectRejection(
      () => parseContent('courses.ts', coursesSchema, [{ ...python, slug: 'python' }]),
      'Invalid content in data/courses.ts',
      'slug',
      'must be the slug of the title',
    );
  });

  it('a paid course without a payment page, and a fee that is not money', () => {
    expectRejection(() => parseContent('courses.ts', coursesSchema, [{ ...python, pay_link: '' }]), 'pay_link');
    expectRejection(() => parseContent('courses.ts', coursesSchema, [{ ...python, cost: '105 dollars' }]), 'cost');
  });

  it('an image that does not exist under public/', () => {
    expectRejection(
      () => parseContent('courses.ts', coursesSchema, [{ ...python, img: '/images/courses/missing.svg' }]),
      'img',
      'no such file',
    );
  });

  it('two courses with one slug', () => {
    expectRejection(() => parseContent('courses.ts', coursesSchema, [python, { ...python, id: 10 }]), 'duplicate slug');
  });

  it('an offer whose price does not match its discount', () => {
    expectRejection(
      () => parseContent('offers.ts', offersSchema, [{ ...rawOffers[0], nowPrice: 125 }]),
      'nowPrice',
      'old price less the discount',
    );
  });

  it('a project whose detail is not at index id - 1, or whose section is not HTML', () => {
    expectRejection(
      () =>
        parseContent('projects.ts', projectsSchema, { list: [{ ...projectList[0], id: 2 }], details: projectDetails }),
      'detail entry 1 must be',
    );
    expectRejection(
      () =>
        parseContent('projects.ts', projectsSchema, {
          list: projectList,
          details: [{ ...projectDetails[0], target: 'plain text' }],
        }),
      'target',
    );
  });
});
