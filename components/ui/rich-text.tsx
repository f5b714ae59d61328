import sanitizeHtml from 'sanitize-html';

// Content sections written as HTML (project details) are rendered on the server after sanitising:
// only text-level markup and lists survive, links get safe attributes.
const allowed: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'ul', 'ol', 'li', 'strong', 'em', 'a', 'h3', 'br', 'blockquote'],
  // rel and target are always overwritten by the transform below.
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['https', 'mailto'],
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }),
  },
};

export function sanitize(html: string): string {
  return sanitizeHtml(html, allowed);
}

export function RichText({ html, className }: { html: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: sanitize(html) }} />;
}
