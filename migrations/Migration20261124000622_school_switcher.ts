import { Migration } from '@mikro-orm/migrations';

export class Migration20261124000622_school_switcher extends Migration {

  override name = 'Migration20261124000622_school_switcher';

  override up(): void | Promise<void> {
    this.addSql(`alter table "session" add "active_membership_id" uuid null;`);
    this.addSql(`alter table "session" add constraint "session_active_membership_id_foreign" foreign key ("active_membership_id") references "school_membership" ("id") on delete set null;`);
    this.addSql(`create index "session_active_membership_id_index" on "session" ("active_membership_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "session" drop constraint "session_active_membership_id_foreign";`);

    this.addSql(`drop index "session_active_membership_id_index";`);
    this.addSql(`alter table "session" drop column "active_membership_id";`);
  }

}
