import { useT } from "~/i18n/use-t";
import { openStreetMapUrl } from "~/models/map-marker";

/**
 * 'Open in OpenStreetMap': where a map needs JavaScript, a link to the spot on a map that
 * does not (a new tab, so the site stays where it was). `name` tells the links of a list
 * apart for a screen reader.
 */
export function OpenStreetMapLink({ lat, lng, name }: { lat: number; lng: number; name?: string }) {
  const { t } = useT();
  return (
    <a
      href={openStreetMapUrl(lat, lng)}
      target="_blank"
      rel="noopener noreferrer"
      className="text-link"
    >
      {t("map.open_osm", "Open in OpenStreetMap")}
      {name ? <span className="sr-only">{`: ${name}`}</span> : null}
      <span className="sr-only">{` ${t("footer.new_tab", "(opens in a new tab)")}`}</span>
    </a>
  );
}
