'use client';

import { useParams } from 'next/navigation';

import buttons from '@/components/ui/button.module.css';
import { SiteLink } from '@/components/ui/site-link';
import { isLang, localePath, type Lang, type Localised } from '@/lib/i18n';

import styles from './not-found.module.css';

interface NotFoundTexts {
  title: string;
  text: string;
  home: string;
}

// The only texts a page sends in both languages: a not-found page has no route parameters on the server
// (app/[lang]/not-found.tsx), so its language comes from the address the browser asked for.
const texts: Localised<NotFoundTexts> = {
  en: {
    title: 'Page not found',
    text: 'The page you asked for does not exist or has moved.',
    home: 'Go to home page',
  },
  fr: {
    title: 'Page introuvable',
    text: 'La page que vous cherchez n’existe pas ou a changé d’adresse.',
    home: 'Retour à l’accueil',
  },
};

export function NotFoundText({ brand = 'Baobab Data' }: { brand?: string }) {
  const param = useParams<{ lang?: string }>()?.lang;
  const lang: Lang = isLang(param) ? param : 'en';
  const { title, text, home } = texts[lang];
  return (
    <div className={`container ${styles.wrap}`}>
      <title>{`${title} - ${brand}`}</title>
      <h1>{title}</h1>
      <p>{text}</p>
      <SiteLink href={localePath(lang, '/')} className={`${buttons.button} ${buttons.primary}`}>
        {home}
      </SiteLink>
    </div>
  );
}
