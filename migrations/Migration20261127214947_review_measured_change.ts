import { Migration } from '@mikro-orm/migrations';

export class Migration20261127214947_review_measured_change extends Migration {

  override name = 'Migration20261127214947_review_measured_change';

  override up(): void | Promise<void> {
    this.addSql(`alter table "recommendation_review" add "measured_change" double precision null, add "measured_rounds" int null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "recommendation_review" drop column "measured_change", drop column "measured_rounds";`);
  }

}
