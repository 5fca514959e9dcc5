import { Migration } from '@mikro-orm/migrations';

export class Migration20261129103451_review_digest_sent extends Migration {

  override name = 'Migration20261129103451_review_digest_sent';

  override up(): void | Promise<void> {
    this.addSql(`create table "review_digest_sent" ("user_id" uuid not null, "school_id" uuid not null, "day" date not null, "sent_at" timestamptz not null, primary key ("user_id", "school_id", "day"));`);

    this.addSql(`alter table "review_digest_sent" add constraint "review_digest_sent_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "review_digest_sent" add constraint "review_digest_sent_school_id_foreign" foreign key ("school_id") references "school" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "review_digest_sent" cascade;`);
  }

}
