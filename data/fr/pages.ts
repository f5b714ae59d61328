import * as en from '@/data/pages';
import type { Translation } from '@/lib/i18n';

import type { Texts } from './texts';

// The French of data/pages.ts. Images, links, figures and the {placeholders} the pages fill in come from
// (or match) the English; legal pages keep the English number of sections and paragraphs.
const homeTexts = {
  whatWeDo:
    'Nous proposons des formations courtes et pratiques et une bourse de 24 semaines, puis nous mettons ces acquis au service de projets de données ouvertes choisis avec les communautés concernées. Les apprenants deviennent mentors, les projets deviennent des études de cas, et le cercle s’agrandit.',
} satisfies Texts<typeof en.home>;

const aboutTexts = {
  whoWeAre:
    'Baobab Data est une communauté de formateurs, d’analystes et d’ingénieurs venus de toute l’Afrique. Tout a commencé en 2021 avec un groupe d’étude qui se retrouvait le week-end à Lagos ; il est devenu une académie qui accueille aussi des projets de données à impact social. Comme le baobab, nous voulons garder des racines profondes là où nous vivons et offrir de l’ombre au plus grand nombre.',
  focus: [
    {
      title: 'Bourse',
      figure: '24 semaines',
      text: 'Vingt-quatre semaines d’apprentissage guidé, de mentorat et de travail sur un vrai projet, pour celles et ceux qui veulent faire carrière dans la donnée.',
    },
    {
      title: 'Projets',
      figure: 'Ouverts',
      text: 'Des projets à impact social définis avec les communautés et menés de manière ouverte par des équipes mêlant boursiers et bénévoles.',
    },
    {
      title: 'Communauté',
      figure: 'Panafricaine',
      text: 'Des groupes d’étude, des rencontres et un espace en ligne où les membres partagent leur travail, demandent de l’aide et trouvent avec qui collaborer.',
    },
  ],
  whatWeDo:
    'Nous enseignons les compétences que demandent les employeurs et les communautés : tableurs, SQL, Python, visualisation et apprentissage automatique, sans jamais perdre de vue l’éthique. Chaque formation se termine par un travail concret à montrer ; les meilleurs de ces travaux trouvent leur place dans un projet utile bien au-delà de la salle de classe.',
} satisfies Texts<typeof en.about>;

const projectsPageTexts = {
  intro:
    'Nos projets partent d’une question qui compte pour une communauté et aboutissent à des outils et à des données ouvertes qu’elle peut continuer à utiliser. Boursiers et bénévoles y travaillent en petites équipes, guidés par des mentors.',
} satisfies Texts<typeof en.projectsPage>;

const academyPageTexts = {
  intro:
    'Des parcours courts et pratiques, animés par des professionnels. Chacun se suit en parallèle d’un emploi ou d’études, même depuis un téléphone, et se termine par un projet à montrer. Commencez par la semaine gratuite sur l’éthique, ou allez droit à la compétence qu’il vous faut.',
} satisfies Texts<Pick<typeof en.academyPage, 'intro'>>;

const insightsPageTexts = {
  intro: 'Articles, analyses et notes de terrain écrits par les membres de la communauté Baobab Data.',
  submitText: 'Partagez ce que vous avez réalisé avec les données',
} satisfies Texts<typeof en.insightsPage>;

const contactPageTexts = {
  intro:
    'Une question sur une formation, un partenariat ou une idée de projet ? Écrivez-nous : un membre de l’équipe vous répondra.',
  mapAlt: 'Plan simplifié de Lagos Island montrant le bureau de Baobab Data près de Broad Street',
} satisfies Texts<Pick<typeof en.contactPage, 'intro' | 'mapAlt'>>;

const termsTexts = {
  updated: '1er novembre 2026',
  sections: [
    {
      heading: 'Utilisation du site',
      paragraphs: [
        'Ce site est géré par Baobab Data. En l’utilisant, vous acceptez les présentes conditions. Si vous ne les acceptez pas, merci de ne pas utiliser le site.',
        'Vous pouvez lire et partager nos pages, et créer des liens vers elles, à toute fin licite. N’essayez pas de perturber le site, d’envoyer des formulaires de manière automatisée ni d’accéder à des données qui ne vous sont pas destinées.',
      ],
    },
    {
      heading: 'Formations et paiements',
      paragraphs: [
        'L’inscription depuis la page d’une formation réserve votre place. Pour un parcours payant, votre place est confirmée dès réception des frais d’inscription, réglés sur la page de paiement que nous vous envoyons.',
        'Si nous annulons une formation, nous vous remboursons intégralement. Si vous ne pouvez pas y assister, écrivez-nous avant le début de la formation et nous vous inscrirons dans une prochaine promotion.',
      ],
    },
    {
      heading: 'Contenus que vous nous envoyez',
      paragraphs: [
        'En nous envoyant un message ou un formulaire d’inscription, vous confirmez que les informations sont les vôtres ou que vous avez le droit de les partager. Nous les utilisons uniquement comme le décrit notre politique de confidentialité.',
      ],
    },
    {
      heading: 'Liens vers d’autres sites',
      paragraphs: [
        'Les analyses, les formulaires d’inscription et les pages de paiement peuvent être hébergés par des tiers. Leurs propres conditions s’y appliquent, et nous ne sommes pas responsables de leur contenu.',
      ],
    },
    {
      heading: 'Modifications',
      paragraphs: [
        'Nous pouvons modifier ces conditions. La date indiquée en haut de la page correspond à la dernière version.',
      ],
    },
  ],
} satisfies Texts<typeof en.terms>;

const privacyTexts = {
  updated: '22 novembre 2026',
  processors: {
    firestore: 'Google Cloud Firestore conserve ce que vous nous envoyez.',
    smtp: 'Nos e-mails sont remis par {mailProvider}.',
    smtpUnnamed: 'Nos e-mails sont remis par un service d’envoi d’e-mails.',
    recaptcha:
      'Google reCAPTCHA vérifie que nos formulaires sont envoyés par des êtres humains et non par des robots : quand vous envoyez un formulaire, ce service reçoit des informations sur votre navigateur et sur votre utilisation de la page.',
    mailchimp:
      'Mailchimp conserve la liste des inscrits à notre lettre d’information et se charge d’envoyer chaque numéro de la lettre.',
  },
  sections: [
    {
      heading: 'Ce que nous recueillons',
      paragraphs: [
        'Seulement ce que vous nous donnez dans un formulaire : votre nom et votre adresse e-mail et, pour une inscription à une formation, un événement ou une offre, votre numéro de téléphone, votre genre, votre pays, votre diplôme ou votre profession, selon ce que demande le formulaire. Nous enregistrons la date de chaque envoi.',
        'Nous déposons un cookie de sécurité qui protège nos formulaires, et un cookie qui retient votre choix sur les cookies. Si vous ne refusez pas les cookies, nous pouvons compter les visites avec un outil de mesure d’audience respectueux de la vie privée.',
      ],
    },
    {
      heading: 'Pourquoi nous utilisons vos données',
      paragraphs: [
        'Pour répondre à votre message, gérer votre place dans une formation, un événement ou une offre, et vous envoyer la lettre d’information que vous avez demandée. Nous ne vendons jamais vos données.',
      ],
    },
    {
      heading: 'Qui a accès à vos données',
      paragraphs: [
        'Notre équipe, ainsi que les services qui hébergent vos données et envoient nos e-mails pour notre compte : des contrats les obligent à protéger vos données.',
        // Replaced by the list of processors above, the same in both languages.
        '{processors}',
      ],
    },
    {
      heading: 'Combien de temps nous conservons vos données',
      paragraphs: [
        'Les messages pendant {contactPeriod}, et les inscriptions aux formations, aux événements et aux offres pendant {registrationPeriod} (pour les certificats) ; ensuite, nous les supprimons.',
        'Les adresses de la lettre d’information jusqu’à votre désinscription. Une inscription jamais confirmée, comme une adresse désinscrite, est supprimée au bout de {newsletterInactivePeriod}.',
        'Le contenu des e-mails que nous vous envoyons est effacé {mailPeriod} après leur envoi.',
        'Les dons : votre adresse e-mail, votre nom et votre message si vous les indiquez, le montant, la monnaie et la fréquence, et ce que Paystack nous transmet de chaque paiement (sa référence, sa date et le moyen de paiement, jamais votre carte). Nous les conservons pendant {giftPeriod}, comme pièces comptables, puis nous les supprimons. Paystack, qui encaisse le paiement, conserve ses propres données selon sa politique de confidentialité.',
      ],
    },
    {
      heading: 'Vos choix',
      paragraphs: [
        'Vous pouvez à tout moment demander à consulter, corriger ou supprimer vos données en nous écrivant ; nous supprimons alors tous les enregistrements et tous les e-mails liés à votre adresse. Chaque lettre d’information contient un lien de désinscription.',
      ],
    },
    {
      heading: 'Enfants',
      paragraphs: [
        'Nos services s’adressent aux personnes de 13 ans et plus. Si vous avez moins de 13 ans, merci de ne pas nous envoyer d’informations personnelles.',
      ],
    },
  ],
} satisfies Texts<Pick<typeof en.privacy, 'updated' | 'processors' | 'sections'>>;

export const home: Translation<typeof en.home> = { ...en.home, ...homeTexts };
export const about: Translation<typeof en.about> = { ...en.about, ...aboutTexts };
export const projectsPage: Translation<typeof en.projectsPage> = { ...en.projectsPage, ...projectsPageTexts };
export const academyPage: Translation<typeof en.academyPage> = { ...en.academyPage, ...academyPageTexts };
export const insightsPage: Translation<typeof en.insightsPage> = { ...en.insightsPage, ...insightsPageTexts };
export const contactPage: Translation<typeof en.contactPage> = { ...en.contactPage, ...contactPageTexts };
export const terms: Translation<typeof en.terms> = { ...en.terms, ...termsTexts };
export const privacy: Translation<typeof en.privacy> = { ...en.privacy, ...privacyTexts };
