import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { dataSourceOptions } from './data-source-options';

/** PostgreSQL through TypeORM; migrations run at start. */
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
    };
  }
}
