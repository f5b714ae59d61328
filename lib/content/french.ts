import * as courses from '@/data/courses';
import * as events from '@/data/events';
import * as insights from '@/data/insights';
import * as navigation from '@/data/navigation';
import * as offers from '@/data/offers';
import * as pages from '@/data/pages';
import * as partners from '@/data/partners';
import * as people from '@/data/people';
import * as projects from '@/data/projects';
import * as site from '@/data/site';
import * as testimonials from '@/data/testimonials';

// The French data, in the shape lib/content parses for each language.
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
  pages,
};
