import * as en from '@/data/projects';
import type { Translation } from '@/lib/i18n';

import type { Texts, TextsBy } from './texts';

// The French of data/projects.ts. A project keeps its name, which is also its address
// (/projects/{slug}-{id}); ids, images, links and team members' names come from the English entries.
// Detail sections are HTML with the same tags as the English.
const listTexts = {
  1: {
    summary:
      'Une carte communautaire des points d’eau publics de Lagos : ceux qui fonctionnent aujourd’hui, d’après les SMS des habitants.',
    // Shown after « Le problème : », hence the small letter.
    problem:
      'des familles perdent des heures à marcher jusqu’à des forages et des robinets qui se révèlent en panne, et les équipes de réparation l’apprennent avec des semaines de retard.',
  },
} satisfies TextsBy<typeof en.projectList, 'id', 'summary' | 'problem'>;

type Detail = (typeof en.projectDetails)[number];
type DetailTexts = {
  readonly [D in Detail as D['title']]: Texts<
    Pick<D, 'summary' | 'desc' | 'problem' | 'objective' | 'solution' | 'target'>
  > & {
    // Each team member's role, keyed by name.
    readonly team: Record<D['team'][number]['name'], string>;
  };
};

const detailTexts = {
  'Water Point Watch': {
    summary: listTexts[1].summary,
    desc: '<p>Water Point Watch est né d’une réunion de quartier à Ajegunle, où des habitants racontaient leur tournée des robinets en panne. Nos boursiers se sont demandé : <strong>et si chacun pouvait signaler à tous un point d’eau en panne ?</strong></p><p>Le projet associe des SMS, une petite base de données ouverte et une carte lisible sur les téléphones les plus simples.</p>',
    problem:
      '<p>Les points d’eau publics tombent souvent en panne, sans bruit. Personne ne sait lesquels fonctionnent, si bien que :</p><ul><li>les habitants perdent du temps et de l’argent à chercher de l’eau ;</li><li>les réparateurs dépendent de plaintes tardives, voire absentes ;</li><li>les services d’urbanisme ignorent quels quartiers sont les plus mal desservis.</li></ul>',
    objective:
      '<ul><li>Recueillir au moins 500 signalements vérifiés en six mois.</li><li>Publier une carte qui s’affiche en moins de cinq secondes en 2G.</li><li>Envoyer un bilan mensuel à l’autorité locale de l’eau.</li></ul>',
    // The coded message is what residents really type, so it stays as the service reads it.
    solution:
      '<p>Les habitants envoient un court message codé, par exemple <em>WP 214 BROKEN</em>, à un numéro gratuit. Chaque message est recoupé avec les signalements voisins, enregistré, puis affiché sur une carte simple, rapide à charger, et sur une affiche hebdomadaire dans les centres communautaires.</p><p>Les données nettoyées sont publiées sous licence ouverte : journalistes et chercheurs peuvent eux aussi s’en servir.</p>',
    target:
      '<p>D’abord les habitants des quartiers informels de l’État de Lagos, puis toute ville dont les associations veulent leur propre version. Les outils sont gratuits, et un guide de prise en main s’adresse à des bénévoles sans formation technique.</p>',
    team: {
      'Adaeze Okafor': 'Cheffe de projet',
      'Kwame Mensah': 'Ingénieur de données',
      'Fatou Diallo': 'Analyste de données',
      'Tendai Moyo': 'Spécialiste SIG',
      'Amina Yusuf': 'Coordinatrice communautaire',
      'Brian Otieno': 'Développeur logiciel',
      'Nadia Benali': 'Boursière de recherche',
    },
  },
} satisfies DetailTexts;

export const projectList: Translation<typeof en.projectList> = en.projectList.map((project) => ({
  ...project,
  ...listTexts[project.id],
}));

export const projectDetails: Translation<typeof en.projectDetails> = en.projectDetails.map((detail) => {
  const { team, ...texts } = detailTexts[detail.title];
  return { ...detail, ...texts, team: detail.team.map((member) => ({ ...member, title: team[member.name] })) };
});
