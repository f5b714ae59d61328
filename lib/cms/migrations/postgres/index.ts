import * as migration_20261126_153047_initial from './20261126_153047_initial';
import * as migration_20261126_180402_pictures_schedules from './20261126_180402_pictures_schedules';

export const migrations = [
  {
    up: migration_20261126_153047_initial.up,
    down: migration_20261126_153047_initial.down,
    name: '20261126_153047_initial',
  },
  {
    up: migration_20261126_180402_pictures_schedules.up,
    down: migration_20261126_180402_pictures_schedules.down,
    name: '20261126_180402_pictures_schedules'
  },
];
