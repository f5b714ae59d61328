import { render, screen } from '@testing-library/react';

import { CourseCard } from '@/components/academy/course-card';
import { courses } from '@/lib/content';
import type { Course } from '@/lib/content/types';

const python = courses.find((c) => c.isPremium)!;
const science = courses[0]!;

describe('CourseCard', () => {
  it('shows image, title, fee and duration, and opens an active track with Start Learning', () => {
    const { container } = render(<CourseCard course={science} lang="en" />);
    expect(screen.getByRole('heading', { name: science.title })).toBeInTheDocument();
    expect(screen.getByText('Registration fee: $10')).toBeInTheDocument();
    expect(screen.getByText('Duration: 3 weeks')).toBeInTheDocument();
    expect(container.querySelector('img')).toHaveAttribute('src', expect.stringContaining('data-science.svg'));
    expect(screen.getByRole('link', { name: `Start Learning: ${science.title}` })).toHaveAttribute(
      'href',
      '/academy/introduction-to-data-science',
    );
    expect(screen.queryByText('Premium')).not.toBeInTheDocument();
  });

  it('shows a disabled Coming Soon button and no link for an inactive track', () => {
    const inactive: Course = { ...science, isActive: false };
    render(<CourseCard course={inactive} lang="en" />);
    expect(screen.getByRole('button', { name: 'Coming Soon' })).toBeDisabled();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('highlights a premium track', () => {
    render(<CourseCard course={python} lang="en" />);
    expect(screen.getByText('Premium')).toBeInTheDocument();
    expect(screen.getByText('Registration fee: $105')).toBeInTheDocument();
  });
});
