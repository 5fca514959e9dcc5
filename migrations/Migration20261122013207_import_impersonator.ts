import { Migration } from '@mikro-orm/migrations';

export class Migration20261122013207_import_impersonator extends Migration {

  override name = 'Migration20261122013207_import_impersonator';

  override up(): void | Promise<void> {
    this.addSql(`alter table "import_job" add "impersonator_id" uuid null;`);
    this.addSql(`alter table "import_job" add constraint "import_job_impersonator_id_foreign" foreign key ("impersonator_id") references "users" ("id") on delete set null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "import_job" drop constraint "import_job_impersonator_id_foreign";`);

    this.addSql(`alter table "import_job" drop column "impersonator_id";`);
  }

}
