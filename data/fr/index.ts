import * as courses from './courses';
import * as events from './events';
import * as insights from './insights';
import * as navigation from './navigation';
import * as offers from './offers';
import * as pages from './pages';
import * as partners from './partners';
import * as people from './people';
import * as projects from './projects';
import * as site from './site';
import * as testimonials from './testimonials';

// The French texts (data/fr/), in the shape lib/content parses for each language.
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
