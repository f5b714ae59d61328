import * as en from '@/data/people';
import type { Translation } from '@/lib/i18n';

import type { TextsBy } from './texts';

// The French role titles of data/people.ts, keyed by name; names, photos and links come from the English
// entries. Titles agree with each person's gender.
const founderTitles = {
  'Chiamaka Eze': { title: 'Cofondatrice et directrice exécutive' },
  'Yaw Boateng': { title: 'Cofondateur et responsable de l’académie' },
  'Zanele Dlamini': { title: 'Cofondatrice et responsable des projets' },
  'Moussa Traoré': { title: 'Cofondateur et responsable de la communauté' },
} satisfies TextsBy<typeof en.founders, 'name', 'title'>;

const boardTitles = {
  'Grace Wanjiru': { title: 'Conseillère, données de santé publique' },
  'Olumide Adeyemi': { title: 'Conseiller, ingénierie des données' },
} satisfies TextsBy<typeof en.advisoryBoard, 'name', 'title'>;

export const founders: Translation<typeof en.founders> = en.founders.map((person) => ({
  ...person,
  ...founderTitles[person.name],
}));

export const advisoryBoard: Translation<typeof en.advisoryBoard> = en.advisoryBoard.map((person) => ({
  ...person,
  ...boardTitles[person.name],
}));
