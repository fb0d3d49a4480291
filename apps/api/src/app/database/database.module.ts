import { DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { dataSourceOptions } from './data-source-options';
import { migrate } from './repeatable-sql';
import { SqlService } from './sql.service';
import { AppStateRepository } from './app-state.repository';

/**
 * PostgreSQL: at start the versioned migrations run, then the repeatable step applies each live SQL
 * file that changed (repeatable-sql.ts); repositories query through SqlService.
 */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(url: string): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: () => ({
            ...dataSourceOptions(url),
            autoLoadEntities: true,
            retryAttempts: 3,
            retryDelay: 500,
          }),
          dataSourceFactory: async (options?: DataSourceOptions) => {
            const ds = new DataSource(options ?? dataSourceOptions(url));
            await ds.initialize();
            await migrate(ds);
            return ds;
          },
        }),
      ],
      providers: [SqlService, AppStateRepository],
      exports: [SqlService, AppStateRepository],
    };
  }
}
