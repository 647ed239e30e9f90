import { useT } from "~/i18n/use-t";
import type { NearPlace } from "~/models/browse-query";
import { milesText } from "~/models/listing-distance";

/** Each card's line of how far it is from the place searched: "2.3 mi from Arlington, TX", or "distance unknown". */
export function useDistanceNotes(near: NearPlace | null, distances: Record<number, number | null> | null): Record<number, string> | undefined {
  const { t, language } = useT();
  if (!near || !distances) return undefined;
  return Object.fromEntries(
    Object.entries(distances).map(([id, miles]) => [
      id,
      miles === null ? t("browse.distance_unknown", "Distance unknown") : t("browse.distance", undefined, { n: milesText(miles, language), place: near.name }),
    ]),
  );
}
