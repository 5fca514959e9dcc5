import { Migration } from '@mikro-orm/migrations';

export class Migration20261122001900_import_queue extends Migration {

  override name = 'Migration20261122001900_import_queue';

  override up(): void | Promise<void> {
    this.addSql(`alter table "import_job" add "leased_by" varchar(255) null, add "lease_until" timestamptz null, add "attempts" int not null default 0;`);
    this.addSql(`create index "import_job_queue_index" on "import_job" ("status", "created_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "import_job_queue_index";`);
    this.addSql(`alter table "import_job" drop column "leased_by", drop column "lease_until", drop column "attempts";`);
  }

}
