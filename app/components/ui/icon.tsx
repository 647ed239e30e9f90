import spriteHref from "./icons.svg?url";

/** The symbols of icons.svg. */
export type IconName =
  | "close"
  | "menu"
  | "chevron-left"
  | "chevron-right"
  | "chevron-down"
  | "heart"
  | "pin"
  | "globe"
  | "filters"
  | "check"
  | "grip"
  | "play"
  | "pause"
  | "facebook"
  | "linkedin"
  | "sales"
  | "development"
  | "management"
  | "pay-rent"
  | "apply"
  | "maintenance"
  | "incident"
  | "phone"
  | "mail"
  | "office"
  | "clock"
  | "calendar";

/** An outline drawn in the text colour, 2 wide (the `icon` class, tailwind.css); `solid` fills the shape instead. */
const OUTLINE = "icon";
const SOLID = "fill-current";

/**
 * A decorative icon from the site's sprite (icons.svg, a file of its own that the
 * browser keeps, served as /build/icons-<hash>.svg): a page carries a short <use> per
 * icon instead of its whole drawing (decision 058). Size and colour come from
 * `className`, which may also fill an outline (`fill-current`: a heart once saved);
 * `look` picks an outline or a filled shape.
 */
export function Icon({ name, className = "", look = "outline" }: { name: IconName; className?: string; look?: "outline" | "solid" }) {
  const drawing = look === "outline" ? OUTLINE : SOLID;
  return (
    <svg aria-hidden="true" className={`${drawing} ${className}`.trim()}>
      <use href={`${spriteHref}#${name}`} />
    </svg>
  );
}
