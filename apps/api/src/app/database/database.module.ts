import { DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { dataSourceOptions } from './data-source-options';
import { SqlService } from './sql.service';
import { AppStateRepository } from './app-state.repository';

/** PostgreSQL: TypeORM runs the migrations at start; repositories query through SqlService. */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(url: string): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRoot({
          ...dataSourceOptions(url),
          migrationsRun: true,
          autoLoadEntities: true,
          retryAttempts: 3,
          retryDelay: 500,
        }),
      ],
      providers: [SqlService, AppStateRepository],
      exports: [SqlService, AppStateRepository],
    };
  }
}
