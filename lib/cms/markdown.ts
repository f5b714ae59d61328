import MarkdownIt from 'markdown-it';

// A project's sections are written in Markdown in the editor. HTML is kept as it is (the projects
// seeded from data/ are written in it): the page sanitises whatever comes out (components/ui/rich-text.tsx).
const markdown = new MarkdownIt({ html: true, linkify: true, typographer: false });

export function markdownToHtml(source: unknown): string {
  return typeof source === 'string' ? markdown.render(source).trim() : '';
}
