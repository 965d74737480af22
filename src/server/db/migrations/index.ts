import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_foundation';
import * as m0002 from './0002_accounts';
import * as m0003 from './0003_social';
import * as m0004 from './0004_books';
import * as m0005 from './0005_reading_stats';
import * as m0006 from './0006_folders';
import * as m0007 from './0007_triggers';
import * as m0008 from './0008_comments';
import * as m0009 from './0009_share_counts';
import * as m0010 from './0010_book_token_secret';
import * as m0011 from './0011_search';
import * as m0012 from './0012_contact_messages';
import * as m0013 from './0013_profile_tour';
import * as m0014 from './0014_account_security';
import * as m0015 from './0015_privacy';
import * as m0016 from './0016_favorites';
import * as m0017 from './0017_library';
import * as m0018 from './0018_public_profile';
import * as m0019 from './0019_profile_names';
import * as m0020 from './0020_statistics';
import * as m0021 from './0021_stats_indexes';
import * as m0022 from './0022_api_keys';
import * as m0023 from './0023_stats_ranges';
import * as m0024 from './0024_webhook_targets';
import * as m0025 from './0025_scheduled_runs';
import * as m0027 from './0027_managers';
import * as m0029 from './0029_billing';
import * as m0030 from './0030_invoice_retention';
import * as m0031 from './0031_order_refunds';

/**
 * Every migration, in order. The server is bundled, so migrations are imported here rather than
 * read from a folder: add a file `NNNN_name.ts` exporting `up` (and `down`) and list it below.
 */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_accounts': m0002,
  '0003_social': m0003,
  '0004_books': m0004,
  '0005_reading_stats': m0005,
  '0006_folders': m0006,
  '0007_triggers': m0007,
  '0008_comments': m0008,
  '0009_share_counts': m0009,
  '0010_book_token_secret': m0010,
  '0011_search': m0011,
  '0012_contact_messages': m0012,
  '0013_profile_tour': m0013,
  '0017_library': m0017,
  '0014_account_security': m0014,
  '0019_profile_names': m0019,
  '0016_favorites': m0016,
  '0015_privacy': m0015,
  '0018_public_profile': m0018,
  '0020_statistics': m0020,
  '0021_stats_indexes': m0021,
  '0022_api_keys': m0022,
  '0023_stats_ranges': m0023,
  '0024_webhook_targets': m0024,
  '0025_scheduled_runs': m0025,
  '0027_managers': m0027,
  '0029_billing': m0029,
  '0030_invoice_retention': m0030,
  '0031_order_refunds': m0031,
};
