/**
 * A home's linked photos in the order the public carousels show them (docs/product.md §2,
 * Property Images): the main image first when it is one of them, then the others in their
 * own order. Property Images lists them so, and the order is stored so.
 */
export function mainFirst<T extends { filePath: string }>(items: T[], mainPath: string | null | undefined): T[] {
  const main = mainPath ? items.find((item) => item.filePath === mainPath) : undefined;
  return main ? [main, ...items.filter((item) => item !== main)] : items;
}

/**
 * The list with the item at `from` taken out and put back at `to` (0-based), the others
 * keeping their order: one step is a swap, a longer move shifts those between by one.
 * The model stores a move so, and Property Images shows a dropped photo so while its
 * move is on the way.
 */
export function movedTo<T>(items: readonly T[], from: number, to: number): T[] {
  const rest = items.filter((_, i) => i !== from);
  return [...rest.slice(0, to), items[from], ...rest.slice(to)];
}
