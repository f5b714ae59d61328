import buttons from '@/components/ui/button.module.css';
import { FactsTable } from '@/components/ui/facts-table';
import { PageHeader } from '@/components/ui/page-header';
import ui from '@/components/ui/section.module.css';

import styles from './payment.module.css';

interface PaymentStepProps {
  title: string;
  paragraphs: string[];
  // The next step, as a plain link (a new pay link, the receipt): no script, no form.
  link?: { href: string; label: string };
  // A receipt's facts and who received the payment, as a table that prints on one page.
  table?: [label: string, value: string][];
  note?: string;
}

// One step of a payment as the visitor sees it (docs/product.md §14): the return page's answer, or the
// printable receipt. Rendered on the server; it adds no script to the page.
export function PaymentStep({ title, paragraphs, link, table, note }: PaymentStepProps) {
  return (
    <>
      <PageHeader title={title} />
      <div className={`container ${ui.section} ${styles.step}`}>
        <div className={ui.prose}>
          {paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {table ? <FactsTable rows={table} className={styles.receipt} /> : null}
          {link ? (
            <p>
              <a className={`${buttons.button} ${buttons.primary}`} href={link.href}>
                {link.label}
              </a>
            </p>
          ) : null}
          {note ? <p className={styles.note}>{note}</p> : null}
        </div>
      </div>
    </>
  );
}
