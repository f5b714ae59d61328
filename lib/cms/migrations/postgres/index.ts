import * as migration_20261126_153047_initial from './20261126_153047_initial';
import * as migration_20261126_180402_pictures_schedules from './20261126_180402_pictures_schedules';
import * as migration_20261126_185048_lists_figures from './20261126_185048_lists_figures';
import * as migration_20261126_210940_contact_global from './20261126_210940_contact_global';
import * as migration_20261126_212612_projects from './20261126_212612_projects';
import * as migration_20261202_052657_certificates_global from './20261202_052657_certificates_global';
import * as migration_20261202_103447_media_bucket from './20261202_103447_media_bucket';
import * as migration_20261202_115759_event_tickets_series from './20261202_115759_event_tickets_series';
import * as migration_20261202_134141_item_prices from './20261202_134141_item_prices';

export const migrations = [
  {
    up: migration_20261126_153047_initial.up,
    down: migration_20261126_153047_initial.down,
    name: '20261126_153047_initial',
  },
  {
    up: migration_20261126_180402_pictures_schedules.up,
    down: migration_20261126_180402_pictures_schedules.down,
    name: '20261126_180402_pictures_schedules',
  },
  {
    up: migration_20261126_185048_lists_figures.up,
    down: migration_20261126_185048_lists_figures.down,
    name: '20261126_185048_lists_figures',
  },
  {
    up: migration_20261126_210940_contact_global.up,
    down: migration_20261126_210940_contact_global.down,
    name: '20261126_210940_contact_global',
  },
  {
    up: migration_20261126_212612_projects.up,
    down: migration_20261126_212612_projects.down,
    name: '20261126_212612_projects',
  },
  {
    up: migration_20261202_052657_certificates_global.up,
    down: migration_20261202_052657_certificates_global.down,
    name: '20261202_052657_certificates_global',
  },
  {
    up: migration_20261202_103447_media_bucket.up,
    down: migration_20261202_103447_media_bucket.down,
    name: '20261202_103447_media_bucket',
  },
  {
    up: migration_20261202_115759_event_tickets_series.up,
    down: migration_20261202_115759_event_tickets_series.down,
    name: '20261202_115759_event_tickets_series',
  },
  {
    up: migration_20261202_134141_item_prices.up,
    down: migration_20261202_134141_item_prices.down,
    name: '20261202_134141_item_prices'
  },
];
