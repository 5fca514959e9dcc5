import { Migration } from '@mikro-orm/migrations';

export class Migration20261121212720_auth extends Migration {

  override name = 'Migration20261121212720_auth';

  override up(): void | Promise<void> {
    this.addSql(`create table "app_secret" ("name" varchar(255) not null, "value" varchar(255) not null, "created_at" timestamptz not null, primary key ("name"));`);

    this.addSql(`create table "rate_limit" ("key" varchar(255) not null, "window_start" timestamptz not null, "count" int not null, primary key ("key"));`);

    this.addSql(`create table "pending_sign_in" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "user_id" uuid not null, "token_hash" varchar(64) not null, "code_hash" varchar(64) null, "attempts" int not null default 0, "expires_at" timestamptz not null, "used_at" timestamptz null, "redirect_to" varchar(255) null, primary key ("id"));`);
    this.addSql(`create index "pending_sign_in_user_id_index" on "pending_sign_in" ("user_id");`);
    this.addSql(`alter table "pending_sign_in" add constraint "pending_sign_in_token_hash_unique" unique ("token_hash");`);

    this.addSql(`alter table "session" add "token_hash" varchar(64) not null, add "absolute_expires_at" timestamptz not null;`);
    this.addSql(`alter table "session" add constraint "session_token_hash_unique" unique ("token_hash");`);

    this.addSql(`alter table "pending_sign_in" add constraint "pending_sign_in_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "app_secret" cascade;`);
    this.addSql(`drop table if exists "rate_limit" cascade;`);
    this.addSql(`drop table if exists "pending_sign_in" cascade;`);

    this.addSql(`alter table "session" drop constraint "session_token_hash_unique";`);
    this.addSql(`alter table "session" drop column "token_hash", drop column "absolute_expires_at";`);
  }

}
