import * as en from '@/data/courses';
import type { Translation } from '@/lib/i18n';

import type { TextsBy } from './texts';

// The French of data/courses.ts. Ids, slugs, fees, images and links come from the English entries.
const texts = {
  'introduction-to-data-science': {
    title: 'Introduction à la science des données',
    duration: '3 semaines',
    intro:
      'La science des données, c’est l’art de poser une question et de laisser les faits y répondre. En trois semaines, vous suivrez une question depuis un tableur en désordre jusqu’à un graphique clair et une courte conclusion écrite, en apprenant le vocabulaire et les réflexes sur lesquels s’appuient toutes nos autres formations.',
    outcomes: [
      'Décrire les étapes d’un projet de données, de la question à la communication des résultats',
      'Nettoyer un petit jeu de données en notant chaque modification apportée',
      'Résumer des données avec des moyennes, des mesures de dispersion et des regroupements simples',
      'Choisir un graphique adapté à la question et l’annoter honnêtement',
      'Présenter un résultat à un public non technique en cinq minutes',
    ],
  },
  'introduction-to-ml-ai': {
    title: 'Introduction à l’apprentissage automatique et à l’IA',
    duration: '3 semaines',
    intro:
      'L’apprentissage automatique est partout : dans l’actualité comme dans les applications de votre téléphone. Ici, pas d’effet de mode : vous entraînerez de petits modèles à la main puis dans un notebook, vous verrez où ils se trompent et vous apprendrez à distinguer une prédiction utile d’une supposition trop sûre d’elle.',
    outcomes: [
      'Expliquer la différence entre des règles écrites par des personnes et des régularités apprises à partir des données',
      'Entraîner et tester un classifieur simple sur un jeu de données local',
      'Interpréter l’exactitude, la précision et le rappel, et expliquer ce que chacune de ces mesures signifie pour les personnes concernées',
      'Repérer les pièges les plus courants qui faussent l’apprentissage d’un modèle',
      'Juger si un outil d’IA répond vraiment au problème d’une communauté',
    ],
  },
  'introduction-to-data-ethics-privacy': {
    title: 'Introduction à l’éthique des données et à la vie privée',
    duration: '1 semaine',
    intro:
      'Derrière chaque jeu de données, il y a des personnes. Pendant cette formation gratuite d’une semaine, nous abordons le consentement, l’anonymat, les biais et les lois de protection des données en vigueur sur le continent, à partir de courtes études de cas issues de la santé, de la finance et des services publics.',
    outcomes: [
      'Reconnaître les données personnelles et sensibles dans un vrai jeu de données',
      'Appliquer les principes du consentement et de la minimisation des données à un projet',
      'Comprendre comment les biais s’introduisent dans un jeu de données et comment les réduire',
      'Présenter les principales obligations prévues par les lois africaines de protection des données',
    ],
  },
  'data-analysis-with-google-sheet': {
    title: 'Analyse de données avec Google Sheets',
    duration: '3 semaines',
    intro:
      'Un tableur gratuit dans le navigateur suffit pour répondre à la plupart des questions qu’une entreprise se pose au quotidien. Vous importerez, nettoierez, résumerez et partagerez des données dans Google Sheets, à partir des ventes d’une petite boutique, de la première ligne jusqu’au tableau de bord final.',
    outcomes: [
      'Importer des données depuis des fichiers et des formulaires, et les garder bien rangées',
      'Utiliser avec aisance les fonctions de recherche, les formules conditionnelles et les tableaux croisés dynamiques',
      'Créer des graphiques et un tableau de bord d’une page qui se met à jour tout seul',
      'Partager son travail en toute sécurité avec ses collègues et ses clients',
    ],
  },
  'data-analysis-with-microsoft-excel': {
    title: 'Analyse de données avec Microsoft Excel',
    duration: '3 semaines',
    intro:
      'Excel reste l’outil que les employeurs demandent le plus. Ce parcours vous mène des formules de tous les jours à Power Query et aux rapports bâtis sur des tableaux croisés dynamiques, avec pour fil rouge les chiffres mensuels d’une coopérative imaginaire.',
    outcomes: [
      'Organiser ses classeurs pour que d’autres puissent les suivre et les vérifier',
      'Nettoyer et combiner des données avec Power Query',
      'Synthétiser avec des tableaux croisés dynamiques et des formules matricielles dynamiques',
      'Concevoir un rapport qui répond d’un coup d’œil à la question d’un responsable',
    ],
  },
  'data-analysis-productivity-with-ai': {
    title: 'Analyse de données assistée par l’IA',
    duration: '3 semaines',
    intro:
      'Les assistants d’IA rédigent des formules, des requêtes et des résumés en quelques secondes, et ils peuvent se tromper avec un aplomb total. Apprenez à les traiter comme un jeune collègue très rapide dont vous vérifiez chaque réponse : votre analyse gagne en vitesse sans perdre en rigueur.',
    outcomes: [
      'Rédiger des consignes claires pour obtenir des formules, du SQL et du code de graphiques',
      'Vérifier les réponses de l’IA à partir des données avant de s’y fier',
      'Automatiser les étapes répétitives de nettoyage et de production de rapports',
      'Tenir les données personnelles et sensibles à l’écart des outils qui ne doivent pas y accéder',
    ],
  },
  'data-visualization-with-looker-studio': {
    title: 'Visualisation de données avec Looker Studio',
    duration: '3 semaines',
    intro:
      'Un bon tableau de bord répond aux questions avant même qu’on les pose. Vous connecterez Looker Studio à des sources de données en direct, penserez vos pages pour les petits écrans et les connexions lentes, et publierez un tableau de bord qu’un responsable de programme lit en une minute.',
    outcomes: [
      'Connecter Looker Studio à des feuilles de calcul, des fichiers et des bases de données',
      'Choisir des types de graphiques adaptés au message',
      'Ajouter des filtres et des commandes sans surcharger l’affichage',
      'Publier et faire vivre un tableau de bord pour un vrai public',
    ],
  },
  'machine-learning-specialization': {
    title: 'Spécialisation en apprentissage automatique',
    duration: '3 semaines',
    intro:
      'Pour celles et ceux qui connaissent déjà un peu Python, ce parcours approfondit l’apprentissage supervisé : construction de variables, choix et évaluation des modèles, avec un projet final réalisé sur des données agricoles ouvertes.',
    outcomes: [
      'Construire des variables à partir de données tabulaires brutes',
      'Comparer des modèles de façon équitable grâce à la validation croisée',
      'Régler et expliquer un modèle de gradient boosting',
      'Documenter un modèle pour que d’autres puissent le réutiliser et le remettre en question',
    ],
  },
  'data-analysis-with-python': {
    title: 'Analyse de données avec Python',
    duration: '3 semaines',
    intro:
      'Notre parcours premium, en petits groupes, avec chaque semaine une relecture de votre travail par un mentor. Vous utiliserez Python, pandas et les notebooks pour charger, nettoyer, explorer et expliquer de vrais jeux de données, et vous terminerez par un projet de portfolio à montrer à un employeur.',
    outcomes: [
      'Écrire un code Python propre et lisible pour travailler sur des données',
      'Charger, restructurer et nettoyer des données avec pandas',
      'Explorer visuellement les données avec matplotlib et seaborn',
      'Transformer une analyse en notebook partageable et reproductible',
      'Présenter un projet de portfolio relu par un mentor',
    ],
  },
} satisfies TextsBy<typeof en.courses, 'slug', 'title' | 'duration' | 'intro' | 'outcomes'>;

export const courses: Translation<typeof en.courses> = en.courses.map((course) => ({
  ...course,
  ...texts[course.slug],
}));

// What the page shows for the English fee 'Free' (a fee in dollars is formatted with Intl instead).
export const freeCost = 'Offerts';
