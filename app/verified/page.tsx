import { pageMetadata } from '@/lib/seo';

// Crawlable like every page: it holds nothing private, and a noindex here would cost the SEO budget
// (docs/performance.md) for no gain.
export const metadata = pageMetadata({
  title: 'Email verified',
  description: 'Your email address is verified. You can close this page or carry on exploring Baobab Data.',
  path: '/verified',
});

// docs/product.md §2: a placeholder that shows exactly this text.
export default function VerifiedPage() {
  return (
    <div className="container">
      <h1>email-verified works!</h1>
    </div>
  );
}
