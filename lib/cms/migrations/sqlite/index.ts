import * as migration_20261126_084623_initial from './20261126_084623_initial';

export const migrations = [
  {
    up: migration_20261126_084623_initial.up,
    down: migration_20261126_084623_initial.down,
    name: '20261126_084623_initial',
  },
];
