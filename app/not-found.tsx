import type { Metadata } from 'next';

import buttons from '@/components/ui/button.module.css';
import { SiteLink } from '@/components/ui/site-link';

import styles from './not-found.module.css';

export const metadata: Metadata = {
  title: 'Page not found',
  description: 'The page you asked for does not exist or has moved.',
  robots: { index: false },
};

export default function NotFound() {
  return (
    <div className={`container ${styles.wrap}`}>
      <h1>Page not found</h1>
      <p>The page you asked for does not exist or has moved.</p>
      <SiteLink href="/" className={`${buttons.button} ${buttons.primary}`}>
        Go to home page
      </SiteLink>
    </div>
  );
}
