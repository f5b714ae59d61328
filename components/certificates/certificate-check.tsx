import { FactsTable } from '@/components/ui/facts-table';
import { PageHeader } from '@/components/ui/page-header';
import ui from '@/components/ui/section.module.css';

import styles from './certificate-check.module.css';

interface CertificateCheckProps {
  title: string;
  heading: string;
  text: string;
  valid: boolean;
  // What the certificate says, for a valid one; nothing about the person otherwise.
  facts?: [label: string, value: string][];
}

// The answer of a certificate's verification page (app/[lang]/verify): whether it is valid, and what it
// says. Rendered on the server; it adds no script to the page.
export function CertificateCheck({ title, heading, text, valid, facts }: CertificateCheckProps) {
  return (
    <>
      <PageHeader title={title} />
      <div className={`container ${ui.section}`}>
        <div className={styles.check}>
          <div className={`${styles.state} ${valid ? '' : styles.invalid}`} role="status">
            <h2>{heading}</h2>
            <p>{text}</p>
          </div>
          {facts?.length ? <FactsTable rows={facts} className={styles.facts} /> : null}
        </div>
      </div>
    </>
  );
}
