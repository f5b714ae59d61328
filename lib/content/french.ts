import * as courses from '@/data/fr/courses';
import * as events from '@/data/fr/events';
import * as insights from '@/data/fr/insights';
import * as navigation from '@/data/fr/navigation';
import * as offers from '@/data/fr/offers';
import * as pages from '@/data/fr/pages';
import * as partners from '@/data/fr/partners';
import * as people from '@/data/fr/people';
import * as projects from '@/data/fr/projects';
import * as site from '@/data/fr/site';
import * as testimonials from '@/data/fr/testimonials';

// The French data (data/fr/), in the shape lib/content parses for each language.
export const french = {
  site: site.site,
  mainNav: navigation.mainNav,
  footerNav: navigation.footerNav,
  courses: courses.courses,
  projectList: projects.projectList,
  projectDetails: projects.projectDetails,
  insights: insights.insights,
  partners: partners.partners,
  founders: people.founders,
  advisoryBoard: people.advisoryBoard,
  testimonials: testimonials.testimonials,
  events: events.events,
  offers: offers.offers,
  pages: {
    home: pages.home,
    about: pages.about,
    projectsPage: pages.projectsPage,
    academyPage: pages.academyPage,
    insightsPage: pages.insightsPage,
    contactPage: pages.contactPage,
    terms: pages.terms,
    privacy: pages.privacy,
  },
};
