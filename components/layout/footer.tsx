import { SiteLink } from '@/components/ui/site-link';
import { content } from '@/lib/content';
import type { ContactInfo, SocialLink } from '@/lib/content/types';
import type { Lang } from '@/lib/i18n';
import { messages } from '@/messages';

import { FooterYear } from './footer-year';
import styles from './footer.module.css';

// The contact details and social pages are the content editor's (lib/cms): the frame reads them.
export function Footer({
  lang,
  contactInfo,
  socialLinks,
}: {
  lang: Lang;
  contactInfo: ContactInfo;
  socialLinks: readonly SocialLink[];
}) {
  const { footerNav, site } = content(lang);
  const text = messages(lang).footer;
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
            {text.useful}
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
            {text.follow}
          </h2>
          <ul className={styles.social}>
            {socialLinks.map((social) => (
              <li key={social.href}>
                <a href={social.href} rel="noopener noreferrer" target="_blank">
                  {social.name}
                  <span className="visually-hidden">{messages(lang).newTab}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className={styles.copyright}>
        © <FooterYear buildYear={new Date().getFullYear()} /> {site.name}. {text.rights}
      </p>
    </footer>
  );
}
