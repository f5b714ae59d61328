import { render, screen, within } from '@testing-library/react';

import { ProjectDetail } from '@/components/projects/project-detail';
import { sanitize } from '@/components/ui/rich-text';
import { findProjectBySlug } from '@/lib/content';

const { detail } = findProjectBySlug('water-point-watch-1')!;

describe('ProjectDetail', () => {
  it('shows the summary, three share links, the team, and the five sections in order', () => {
    render(<ProjectDetail lang="en" project={detail} url="https://baobabdata.org/projects/water-point-watch-1" />);
    expect(screen.getByText(detail.summary)).toBeInTheDocument();
    const share = within(screen.getByRole('list', { name: 'Share this project' })).getAllByRole('link');
    expect(share.map((a) => a.textContent?.replace(' (opens in a new tab)', ''))).toEqual([
      'Share on X',
      'Share on LinkedIn',
      'Share on Facebook',
    ]);
    expect(share[1]).toHaveAttribute(
      'href',
      expect.stringContaining(encodeURIComponent('https://baobabdata.org/projects/water-point-watch-1')),
    );
    expect(screen.getByRole('heading', { name: 'TEAM' })).toBeInTheDocument();
    for (const member of detail.team) {
      expect(screen.getByRole('link', { name: new RegExp(member.name) })).toHaveAttribute('href', member.link);
      expect(screen.getByText(member.title)).toBeInTheDocument();
    }
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Introduction', 'Problem', 'Objectives', 'Proposed Solution', 'Target', 'TEAM']);
    expect(screen.getByText(/what if everyone who found/).tagName).toBe('STRONG');
  });

  it('always disables Get Involved, and shows View Project only when there is a project link', () => {
    const { unmount } = render(<ProjectDetail lang="en" project={detail} url="https://x.test/p" />);
    expect(screen.getByRole('button', { name: 'Get Involved' })).toBeDisabled();
    expect(screen.getByRole('link', { name: /View Project/ })).toHaveAttribute('href', detail.project_link);
    unmount();

    render(<ProjectDetail lang="en" project={{ ...detail, project_link: '' }} url="https://x.test/p" />);
    expect(screen.queryByRole('link', { name: /View Project/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get Involved' })).toBeDisabled();
  });
});

describe('sanitize', () => {
  it('keeps text markup and drops scripts, handlers and javascript: links', () => {
    const dirty =
      '<p onclick="steal()">Hi <strong>there</strong><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a><a href="https://ok.test">ok</a></p>';
    const clean = sanitize(dirty);
    expect(clean).toContain('<strong>there</strong>');
    expect(clean).not.toMatch(/script|onclick|onerror|<img|javascript:/);
    expect(clean).toContain('<a href="https://ok.test" rel="noopener noreferrer" target="_blank">ok</a>');
  });
});
