import { pageMetadata } from '@/lib/seo';

export const metadata = {
  ...pageMetadata({ title: 'Email verified', description: 'Your email address is verified. You can close this page or carry on exploring Baobab Data.', path: '/verified' }),
  robots: { index: false },
};

// SPEC.md §2: a placeholder that shows exactly this text.
export default function VerifiedPage() {
  return (
    <div className="container">
      <h1>email-verified works!</h1>
    </div>
  );
}
