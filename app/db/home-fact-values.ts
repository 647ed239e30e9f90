/**
 * The values the properties table stores for a home's facts of a fixed kind (the columns
 * are enums of these). app/models/home-facts.ts is where they are explained and used;
 * they live here so that the schema, below the models, can name them.
 */

export const HOME_STATUSES = ["available", "coming_soon", "pending", "rented", "sold", "off_market"] as const;
export const LISTING_TYPES = ["rent", "sale", "rent_to_own", "owner_finance"] as const;
export const HOME_TYPES = ["single_wide", "double_wide", "triple_wide", "modular", "site_built", "other"] as const;
export const PET_POLICIES = ["none", "cats", "dogs", "cats_and_dogs"] as const;
