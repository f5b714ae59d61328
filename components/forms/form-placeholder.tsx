import styles from './form-placeholder.module.css';

// Marks where a form of the forms issue goes, so the screens can be reviewed before the forms exist.
export function FormPlaceholder({ name }: { name: string }) {
  return (
    <div className={styles.placeholder} data-form-slot={name}>
      The {name} form goes here.
    </div>
  );
}
