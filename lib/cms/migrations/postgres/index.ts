import * as migration_20261126_153047_initial from './20261126_153047_initial';

export const migrations = [
  {
    up: migration_20261126_153047_initial.up,
    down: migration_20261126_153047_initial.down,
    name: '20261126_153047_initial'
  },
];
