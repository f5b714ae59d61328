import * as migration_20261126_084623_initial from './20261126_084623_initial';
import * as migration_20261126_093055_offers from './20261126_093055_offers';
import * as migration_20261126_101752_event_reminders from './20261126_101752_event_reminders';
import * as migration_20261126_121405_offer_in_sentence from './20261126_121405_offer_in_sentence';
import * as migration_20261126_152524_courses from './20261126_152524_courses';
import * as migration_20261126_180350_pictures_schedules from './20261126_180350_pictures_schedules';
import * as migration_20261126_185041_lists_figures from './20261126_185041_lists_figures';
import * as migration_20261126_210933_contact_global from './20261126_210933_contact_global';
import * as migration_20261126_212605_projects from './20261126_212605_projects';
import * as migration_20261202_052550_certificates_global from './20261202_052550_certificates_global';
import * as migration_20261202_103432_media_bucket from './20261202_103432_media_bucket';
import * as migration_20261202_115750_event_tickets_series from './20261202_115750_event_tickets_series';
import * as migration_20261202_134132_item_prices from './20261202_134132_item_prices';

export const migrations = [
  {
    up: migration_20261126_084623_initial.up,
    down: migration_20261126_084623_initial.down,
    name: '20261126_084623_initial',
  },
  {
    up: migration_20261126_093055_offers.up,
    down: migration_20261126_093055_offers.down,
    name: '20261126_093055_offers',
  },
  {
    up: migration_20261126_101752_event_reminders.up,
    down: migration_20261126_101752_event_reminders.down,
    name: '20261126_101752_event_reminders',
  },
  {
    up: migration_20261126_121405_offer_in_sentence.up,
    down: migration_20261126_121405_offer_in_sentence.down,
    name: '20261126_121405_offer_in_sentence',
  },
  {
    up: migration_20261126_152524_courses.up,
    down: migration_20261126_152524_courses.down,
    name: '20261126_152524_courses',
  },
  {
    up: migration_20261126_180350_pictures_schedules.up,
    down: migration_20261126_180350_pictures_schedules.down,
    name: '20261126_180350_pictures_schedules',
  },
  {
    up: migration_20261126_185041_lists_figures.up,
    down: migration_20261126_185041_lists_figures.down,
    name: '20261126_185041_lists_figures',
  },
  {
    up: migration_20261126_210933_contact_global.up,
    down: migration_20261126_210933_contact_global.down,
    name: '20261126_210933_contact_global',
  },
  {
    up: migration_20261126_212605_projects.up,
    down: migration_20261126_212605_projects.down,
    name: '20261126_212605_projects',
  },
  {
    up: migration_20261202_052550_certificates_global.up,
    down: migration_20261202_052550_certificates_global.down,
    name: '20261202_052550_certificates_global',
  },
  {
    up: migration_20261202_103432_media_bucket.up,
    down: migration_20261202_103432_media_bucket.down,
    name: '20261202_103432_media_bucket',
  },
  {
    up: migration_20261202_115750_event_tickets_series.up,
    down: migration_20261202_115750_event_tickets_series.down,
    name: '20261202_115750_event_tickets_series',
  },
  {
    up: migration_20261202_134132_item_prices.up,
    down: migration_20261202_134132_item_prices.down,
    name: '20261202_134132_item_prices'
  },
];
