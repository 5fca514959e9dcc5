import { Migration } from '@mikro-orm/migrations';

export class Migration20261124000743_membership_names extends Migration {

  override name = 'Migration20261124000743_membership_names';

  override up(): void | Promise<void> {
    // Each school keeps the names it entered (ADR 016); until now they lived on the account.
    this.addSql(`alter table "school_membership" add "first_name" varchar(255) null, add "last_name" varchar(255) null;`);
    this.addSql(`update "school_membership" m set "first_name" = u."first_name", "last_name" = u."last_name" from "users" u where u."id" = m."user_id";`);
    this.addSql(`alter table "school_membership" alter column "first_name" set not null, alter column "last_name" set not null;`);
    // Addresses are stored in lower case, so that no school sees how another typed one (ADR 016).
    // The unique index is on lower(email): no two rows can collide.
    this.addSql(`update "users" set "email" = lower("email") where "email" <> lower("email");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "school_membership" drop column "first_name", drop column "last_name";`);
  }

}
