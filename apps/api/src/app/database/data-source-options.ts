import type { DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from './migrations';

/** TypeORM options shared by the app, the tests and the migration runner: never synchronize. */
export function dataSourceOptions(url: string, extra: Partial<DataSourceOptions> = {}): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    synchronize: false,
    migrationsRun: false,
    migrations: MIGRATIONS,
    migrationsTransactionMode: 'each',
    entities: [],
    extra: { max: 20, application_name: 'cosmic-api' },
    ...extra,
  } as DataSourceOptions;
}
