import styles from './page-header.module.css';

interface PageHeaderProps {
  title: string;
  lead?: React.ReactNode;
  children?: React.ReactNode;
}

// The heading band at the top of every inner page.
export function PageHeader({ title, lead, children }: PageHeaderProps) {
  return (
    <div className={styles.band}>
      <div className="container">
        <h1 className={styles.title}>{title}</h1>
        {lead ? <p className={styles.lead}>{lead}</p> : null}
        {children}
      </div>
    </div>
  );
}
