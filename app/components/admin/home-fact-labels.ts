import type { HomeStatus, HomeType, ListingType, PetPolicy, PricePeriod, Utility } from "~/models/home-facts";

/**
 * How the back office names each value of a home's facts (the back office is in
 * English; the public pages name them through the dictionary, in both languages).
 */

export const STATUS_LABELS: Record<HomeStatus, string> = {
  available: "Available",
  coming_soon: "Coming soon",
  pending: "Application pending",
  rented: "Rented",
  sold: "Sold",
  off_market: "Off the market",
};

export const LISTING_TYPE_LABELS: Record<ListingType, string> = {
  rent: "For rent",
  sale: "For sale",
  rent_to_own: "Rent to own",
  owner_finance: "Owner finance",
};

export const PRICE_PERIOD_LABELS: Record<PricePeriod, string> = {
  month: "A month",
  total: "In total (sale price)",
};

export const HOME_TYPE_LABELS: Record<HomeType, string> = {
  single_wide: "Single-wide",
  double_wide: "Double-wide",
  triple_wide: "Triple-wide",
  modular: "Modular",
  site_built: "Site-built",
  other: "Other",
};

export const PET_LABELS: Record<PetPolicy, string> = {
  none: "No pets",
  cats: "Cats",
  dogs: "Dogs",
  cats_and_dogs: "Cats and dogs",
};

export const UTILITY_LABELS: Record<Utility, string> = {
  water: "Water",
  sewer: "Sewer",
  trash: "Trash",
  gas: "Gas",
  electric: "Electric",
  internet: "Internet",
};
