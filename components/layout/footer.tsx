import { SiteLink } from '@/components/ui/site-link';
import { contactInfo, footerNav, site, socialLinks } from '@/lib/content';

import { FooterYear } from './footer-year';
import styles from './footer.module.css';

export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <section className={styles.about} aria-labelledby="footer-about">
          <h2 id="footer-about" className={styles.heading}>
            {site.name}
          </h2>
          <p>{site.footerBlurb}</p>
          <p>
            <a href={`mailto:${contactInfo.email}`}>{contactInfo.email}</a>
          </p>
        </section>
        <nav className={styles.links} aria-labelledby="footer-useful">
          <h2 id="footer-useful" className={styles.heading}>
            Useful links
          </h2>
          <ul>
            {footerNav.map((link) => (
              <li key={link.label}>
                <SiteLink href={link.href}>{link.label}</SiteLink>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-social">
          <h2 id="footer-social" className={styles.heading}>
            Follow us
          </h2>
          <ul className={styles.social}>
            {socialLinks.map((social) => (
              <li key={social.href}>
                <a href={social.href} rel="noopener noreferrer" target="_blank">
                  {social.name}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className={styles.copyright}>
        © <FooterYear buildYear={new Date().getFullYear()} /> {site.name}. All rights reserved.
      </p>
    </footer>
  );
}
